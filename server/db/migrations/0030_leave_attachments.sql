ALTER TABLE "leave_applications" ADD COLUMN "attachment_id" uuid;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD COLUMN "attachment_sha256" text;--> statement-breakpoint
CREATE INDEX "leave_applications_attachment_digest_idx" ON "leave_applications" USING btree ("tenant_id","attachment_sha256") WHERE "leave_applications"."attachment_sha256" is not null;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_attachment_check" CHECK (num_nulls("leave_applications"."attachment_id", "leave_applications"."attachment_name", "leave_applications"."attachment_type", "leave_applications"."attachment_size", "leave_applications"."attachment_sha256") in (0, 5));