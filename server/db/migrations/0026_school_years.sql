CREATE TABLE "student_years" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year" integer NOT NULL,
	"class_id" uuid,
	"outcome" text NOT NULL,
	"dues_carried" bigint DEFAULT 0 NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "student_years_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "student_years_outcome_check" CHECK ("student_years"."outcome" in ('promoted', 'detained', 'leaving'))
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"academic_year" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "school_years_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "school_years_status_check" CHECK ("school_years"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "year_rollovers" (
	"tenant_id" text NOT NULL,
	"to_year" integer NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"committed_by" uuid NOT NULL,
	"last_rev" bigint NOT NULL,
	"undo" jsonb NOT NULL,
	CONSTRAINT "year_rollovers_tenant_id_to_year_pk" PRIMARY KEY("tenant_id","to_year")
);
--> statement-breakpoint
ALTER TABLE "student_years" ADD CONSTRAINT "student_years_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_years" ADD CONSTRAINT "student_years_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_years" ADD CONSTRAINT "school_years_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_rollovers" ADD CONSTRAINT "year_rollovers_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_rollovers" ADD CONSTRAINT "year_rollovers_user_fk" FOREIGN KEY ("tenant_id","committed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_years_student_year_key" ON "student_years" USING btree ("tenant_id","student_id","academic_year") WHERE "student_years"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "student_years_tenant_year_class_idx" ON "student_years" USING btree ("tenant_id","academic_year","class_id");--> statement-breakpoint
CREATE INDEX "student_years_tenant_txid_idx" ON "student_years" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "school_years_tenant_year_key" ON "school_years" USING btree ("tenant_id","academic_year") WHERE "school_years"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "school_years_tenant_rev_idx" ON "school_years" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "school_years_tenant_txid_idx" ON "school_years" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE TRIGGER school_years_rev BEFORE INSERT OR UPDATE ON school_years FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();--> statement-breakpoint
CREATE TRIGGER student_years_rev BEFORE INSERT OR UPDATE ON student_years FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
