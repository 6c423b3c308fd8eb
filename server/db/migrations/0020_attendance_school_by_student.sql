-- An attendance mark and an absence alert already refer to their student by (tenant_id, student_id),
-- and a student's tenant_id refers to its school, so their own tenant_id -> schools key checked
-- nothing new: one more lookup per row. A 9 am group of 250 sheets inserts 7,500 marks; that
-- lookup was 45 of the insert's 310 ms (docs/decisions.md "The 9 am burst, on two cores").
ALTER TABLE "attendance" DROP CONSTRAINT "attendance_tenant_id_schools_tenant_id_fk";--> statement-breakpoint
ALTER TABLE "absence_alerts" DROP CONSTRAINT "absence_alerts_tenant_id_schools_tenant_id_fk";
