CREATE TABLE "grading_scales" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"scale" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"term" text NOT NULL,
	"academic_year" text NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"class_ids" uuid[] DEFAULT '{}' NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grading" jsonb NOT NULL,
	"published" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "exams_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "exams_weight_check" CHECK ("exams"."weight" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "marks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"marks" numeric(6, 1),
	"grade" text,
	"absent" boolean DEFAULT false NOT NULL,
	"exempt" boolean DEFAULT false NOT NULL,
	"entered_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "marks_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "marks_cell_key" UNIQUE("tenant_id","exam_id","subject_id","student_id"),
	CONSTRAINT "marks_one_value_check" CHECK ((("marks" is not null)::int + ("grade" is not null)::int + "absent"::int + "exempt"::int) = 1 OR "deleted_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "marks_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"mark_id" uuid NOT NULL,
	"previous" jsonb NOT NULL,
	"next" jsonb NOT NULL,
	"changed_by" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"exam_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"subjects" jsonb NOT NULL,
	"total" numeric(8, 1) NOT NULL,
	"max_total" integer NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"grade" text NOT NULL,
	"result" text NOT NULL,
	"rank" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "results_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "results_exam_student_key" UNIQUE("tenant_id","exam_id","student_id"),
	CONSTRAINT "results_result_check" CHECK ("results"."result" in ('pass', 'fail'))
);
--> statement-breakpoint
ALTER TABLE "grading_scales" ADD CONSTRAINT "grading_scales_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_scales" ADD CONSTRAINT "grading_scales_updated_by_fk" FOREIGN KEY ("tenant_id","updated_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_exam_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_subject_fk" FOREIGN KEY ("tenant_id","subject_id") REFERENCES "public"."subjects"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_entered_by_fk" FOREIGN KEY ("tenant_id","entered_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks_history" ADD CONSTRAINT "marks_history_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks_history" ADD CONSTRAINT "marks_history_mark_fk" FOREIGN KEY ("tenant_id","mark_id") REFERENCES "public"."marks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks_history" ADD CONSTRAINT "marks_history_changed_by_fk" FOREIGN KEY ("tenant_id","changed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_exam_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_tenant_txid_idx" ON "exams" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "exams_class_ids_idx" ON "exams" USING gin ("class_ids");--> statement-breakpoint
CREATE INDEX "marks_tenant_grid_idx" ON "marks" USING btree ("tenant_id","exam_id","class_id","subject_id");--> statement-breakpoint
CREATE INDEX "marks_tenant_txid_idx" ON "marks" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "marks_history_mark_idx" ON "marks_history" USING btree ("tenant_id","mark_id","created_at");--> statement-breakpoint
CREATE INDEX "results_tenant_class_idx" ON "results" USING btree ("tenant_id","exam_id","class_id");--> statement-breakpoint
CREATE INDEX "results_tenant_student_txid_idx" ON "results" USING btree ("tenant_id","student_id","txid","rev");--> statement-breakpoint
CREATE INDEX "results_tenant_txid_idx" ON "results" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
-- Exams, marks and results join sync/pull like every synced table (0001, 0004); the grading scale
-- and the marks' history stay on the server.
CREATE TRIGGER exams_rev BEFORE INSERT OR UPDATE ON exams FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER marks_rev BEFORE INSERT OR UPDATE ON marks FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER results_rev BEFORE INSERT OR UPDATE ON results FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
