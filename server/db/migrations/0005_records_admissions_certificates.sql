CREATE TABLE "admission_counters" (
	"tenant_id" text NOT NULL,
	"admission_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "admission_counters_tenant_id_admission_year_pk" PRIMARY KEY("tenant_id","admission_year")
);
--> statement-breakpoint
CREATE TABLE "admissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"admission_number" text NOT NULL,
	"admission_year" integer NOT NULL,
	"admission_seq" integer NOT NULL,
	"admission_date" date NOT NULL,
	"student_id" uuid NOT NULL,
	"class_id" uuid,
	"previous_school" text,
	"remarks" text,
	"status" text DEFAULT 'admitted' NOT NULL,
	"withdrawn_on" date,
	"withdrawal_reason" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "admissions_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "admissions_number_key" UNIQUE("tenant_id","admission_year","admission_seq"),
	CONSTRAINT "admissions_admission_number_key" UNIQUE("tenant_id","admission_number"),
	CONSTRAINT "admissions_status_check" CHECK ("admissions"."status" in ('admitted', 'withdrawn', 'cancelled')),
	CONSTRAINT "admissions_seq_check" CHECK ("admissions"."admission_seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "certificate_counters" (
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "certificate_counters_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"serial_number" integer NOT NULL,
	"serial" text NOT NULL,
	"issue_date" date NOT NULL,
	"student_id" uuid NOT NULL,
	"issued_by" uuid NOT NULL,
	"print" jsonb NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "certificates_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "certificates_serial_key" UNIQUE("tenant_id","kind","serial_number"),
	CONSTRAINT "certificates_kind_check" CHECK ("certificates"."kind" in ('bonafide', 'transfer', 'studentDetails'))
);
--> statement-breakpoint
CREATE TABLE "class_subjects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"teacher_id" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "class_subjects_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"subject_code" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "subjects_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "class_teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_counters" ADD CONSTRAINT "admission_counters_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_counters" ADD CONSTRAINT "certificate_counters_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_fk" FOREIGN KEY ("tenant_id","issued_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_subject_fk" FOREIGN KEY ("tenant_id","subject_id") REFERENCES "public"."subjects"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admissions_tenant_student_idx" ON "admissions" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE INDEX "admissions_tenant_rev_idx" ON "admissions" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "admissions_tenant_txid_idx" ON "admissions" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "certificates_tenant_student_idx" ON "certificates" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE INDEX "certificates_tenant_rev_idx" ON "certificates" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "certificates_tenant_txid_idx" ON "certificates" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "class_subjects_class_subject_key" ON "class_subjects" USING btree ("tenant_id","class_id","subject_id") WHERE "class_subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "class_subjects_tenant_teacher_idx" ON "class_subjects" USING btree ("tenant_id","teacher_id");--> statement-breakpoint
CREATE INDEX "class_subjects_tenant_rev_idx" ON "class_subjects" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "class_subjects_tenant_txid_idx" ON "class_subjects" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_key" ON "subjects" USING btree ("tenant_id",lower("subject_name")) WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_tenant_rev_idx" ON "subjects" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "subjects_tenant_txid_idx" ON "subjects" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_teacher_fk" FOREIGN KEY ("tenant_id","class_teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classes_tenant_class_teacher_idx" ON "classes" USING btree ("tenant_id","class_teacher_id");