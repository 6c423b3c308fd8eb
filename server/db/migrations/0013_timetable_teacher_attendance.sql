CREATE TABLE "timetable_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"day" smallint NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"kind" text NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "timetable_periods_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "timetable_periods_day_check" CHECK ("timetable_periods"."day" BETWEEN 1 AND 6),
	CONSTRAINT "timetable_periods_kind_check" CHECK ("timetable_periods"."kind" IN ('teaching', 'break')),
	CONSTRAINT "timetable_periods_times_check" CHECK ("timetable_periods"."start_time" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "timetable_periods"."end_time" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "timetable_periods"."end_time" > "timetable_periods"."start_time")
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid,
	"room" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "timetable_entries_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "timetable_subject_limits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"per_week" smallint NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "timetable_subject_limits_per_week_check" CHECK ("timetable_subject_limits"."per_week" BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "timetable_substitutions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"date" date NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teacher_attendance" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"teacher_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"leave_type" text,
	"remark" text DEFAULT '' NOT NULL,
	"marked_by" uuid NOT NULL,
	"device_marked_at" timestamp with time zone,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "teacher_attendance_status_check" CHECK ("teacher_attendance"."status" IN ('present', 'absent', 'half_day', 'leave')),
	CONSTRAINT "teacher_attendance_leave_type_check" CHECK (("teacher_attendance"."status" = 'leave') = ("teacher_attendance"."leave_type" IS NOT NULL) AND ("teacher_attendance"."leave_type" IS NULL OR "teacher_attendance"."leave_type" IN ('casual', 'sick', 'earned', 'other')))
);
--> statement-breakpoint
ALTER TABLE "timetable_periods" ADD CONSTRAINT "timetable_periods_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_period_fk" FOREIGN KEY ("tenant_id","period_id") REFERENCES "public"."timetable_periods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_subject_fk" FOREIGN KEY ("tenant_id","subject_id") REFERENCES "public"."subjects"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_subject_limits" ADD CONSTRAINT "timetable_subject_limits_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_subject_limits" ADD CONSTRAINT "timetable_subject_limits_subject_fk" FOREIGN KEY ("tenant_id","subject_id") REFERENCES "public"."subjects"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_entry_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."timetable_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_period_fk" FOREIGN KEY ("tenant_id","period_id") REFERENCES "public"."timetable_periods"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_substitutions" ADD CONSTRAINT "timetable_substitutions_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_attendance" ADD CONSTRAINT "teacher_attendance_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_attendance" ADD CONSTRAINT "teacher_attendance_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_attendance" ADD CONSTRAINT "teacher_attendance_marked_by_fk" FOREIGN KEY ("tenant_id","marked_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timetable_periods_tenant_txid_idx" ON "timetable_periods" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
-- The school cannot be double-booked (docs/decisions.md "Timetable"): one live entry per class and
-- period, one per teacher and period, one per room and period; the routes check first to name the
-- other class, these keep two concurrent writes from both getting in.
CREATE UNIQUE INDEX "timetable_entries_class_period_key" ON "timetable_entries" USING btree ("tenant_id","class_id","period_id") WHERE "timetable_entries"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_entries_teacher_period_key" ON "timetable_entries" USING btree ("tenant_id","teacher_id","period_id") WHERE "timetable_entries"."deleted_at" is null and "timetable_entries"."teacher_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_entries_room_period_key" ON "timetable_entries" USING btree ("tenant_id",lower("room"),"period_id") WHERE "timetable_entries"."deleted_at" is null and "timetable_entries"."room" <> '';--> statement-breakpoint
CREATE INDEX "timetable_entries_tenant_class_txid_idx" ON "timetable_entries" USING btree ("tenant_id","class_id","txid","rev");--> statement-breakpoint
CREATE INDEX "timetable_entries_tenant_txid_idx" ON "timetable_entries" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_subject_limits_subject_key" ON "timetable_subject_limits" USING btree ("tenant_id","subject_id") WHERE "timetable_subject_limits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "timetable_subject_limits_tenant_txid_idx" ON "timetable_subject_limits" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_substitutions_entry_date_key" ON "timetable_substitutions" USING btree ("tenant_id","entry_id","date") WHERE "timetable_substitutions"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_substitutions_teacher_slot_key" ON "timetable_substitutions" USING btree ("tenant_id","teacher_id","date","period_id") WHERE "timetable_substitutions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "timetable_substitutions_tenant_class_txid_idx" ON "timetable_substitutions" USING btree ("tenant_id","class_id","txid","rev");--> statement-breakpoint
CREATE INDEX "timetable_substitutions_tenant_txid_idx" ON "timetable_substitutions" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_attendance_teacher_date_key" ON "teacher_attendance" USING btree ("tenant_id","teacher_id","date") WHERE "teacher_attendance"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "teacher_attendance_tenant_date_idx" ON "teacher_attendance" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE INDEX "teacher_attendance_tenant_teacher_txid_idx" ON "teacher_attendance" USING btree ("tenant_id","teacher_id","txid","rev");--> statement-breakpoint
CREATE INDEX "teacher_attendance_tenant_txid_idx" ON "teacher_attendance" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
-- All five join sync/pull like every synced table (0001, 0004).
CREATE TRIGGER timetable_periods_rev BEFORE INSERT OR UPDATE ON timetable_periods FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER timetable_entries_rev BEFORE INSERT OR UPDATE ON timetable_entries FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER timetable_subject_limits_rev BEFORE INSERT OR UPDATE ON timetable_subject_limits FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER timetable_substitutions_rev BEFORE INSERT OR UPDATE ON timetable_substitutions FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER teacher_attendance_rev BEFORE INSERT OR UPDATE ON teacher_attendance FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
