CREATE TABLE "leave_allowances" (
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_allowances_pkey" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "leave_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"student_id" uuid,
	"teacher_id" uuid,
	"class_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"kind" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"days" numeric(5, 1) NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "leave_applications_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "leave_applications_who_check" CHECK (("leave_applications"."student_id" is null) <> ("leave_applications"."teacher_id" is null)),
	CONSTRAINT "leave_applications_dates_check" CHECK ("leave_applications"."to_date" >= "leave_applications"."from_date"),
	CONSTRAINT "leave_applications_status_check" CHECK ("leave_applications"."status" in ('waiting', 'approved', 'declined', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "leave_allowances" ADD CONSTRAINT "leave_allowances_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_applicant_fk" FOREIGN KEY ("tenant_id","applicant_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_applications_tenant_dates_idx" ON "leave_applications" USING btree ("tenant_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "leave_applications_tenant_txid_idx" ON "leave_applications" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE TRIGGER leave_applications_rev BEFORE INSERT OR UPDATE ON leave_applications FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
