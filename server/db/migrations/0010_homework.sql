CREATE TABLE "homework" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"assigned_date" date NOT NULL,
	"due_date" date NOT NULL,
	"created_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"content_rev" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "homework_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "homework_dates_check" CHECK ("homework"."due_date" >= "homework"."assigned_date")
);
--> statement-breakpoint
CREATE TABLE "homework_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"homework_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_done" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"homework_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"done" boolean NOT NULL,
	"done_at" timestamp with time zone,
	"marked_by" uuid NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "homework_done_homework_student_key" UNIQUE("tenant_id","homework_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_subject_fk" FOREIGN KEY ("tenant_id","subject_id") REFERENCES "public"."subjects"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD CONSTRAINT "homework_attachments_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD CONSTRAINT "homework_attachments_homework_fk" FOREIGN KEY ("tenant_id","homework_id") REFERENCES "public"."homework"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_done" ADD CONSTRAINT "homework_done_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_done" ADD CONSTRAINT "homework_done_homework_fk" FOREIGN KEY ("tenant_id","homework_id") REFERENCES "public"."homework"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_done" ADD CONSTRAINT "homework_done_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_done" ADD CONSTRAINT "homework_done_marked_by_fk" FOREIGN KEY ("tenant_id","marked_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_tenant_class_due_idx" ON "homework" USING btree ("tenant_id","class_id","due_date");--> statement-breakpoint
CREATE INDEX "homework_tenant_class_txid_idx" ON "homework" USING btree ("tenant_id","class_id","txid","rev");--> statement-breakpoint
CREATE INDEX "homework_tenant_txid_idx" ON "homework" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "homework_attachments_homework_idx" ON "homework_attachments" USING btree ("tenant_id","homework_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_done_tenant_student_txid_idx" ON "homework_done" USING btree ("tenant_id","student_id","txid","rev");--> statement-breakpoint
CREATE INDEX "homework_done_tenant_txid_idx" ON "homework_done" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
-- Homework and done marks join sync/pull like every synced table (0001, 0004). Adding or removing an
-- attachment touches its homework (server/modules/homework), which moves rev but not content_rev
-- (0008), so an offline edit made before the upload is not taken for a conflict.
CREATE TRIGGER homework_rev BEFORE INSERT OR UPDATE ON homework FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER homework_rev_content BEFORE INSERT OR UPDATE ON homework FOR EACH ROW EXECUTE FUNCTION kaksha_keep_content_rev();
--> statement-breakpoint
CREATE TRIGGER homework_done_rev BEFORE INSERT OR UPDATE ON homework_done FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
