CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"audience_kind" text NOT NULL,
	"audience_class_ids" uuid[] DEFAULT '{}' NOT NULL,
	"audience_roles" text[] DEFAULT '{}' NOT NULL,
	"audience_user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "events_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "events_kind_check" CHECK ("events"."kind" in ('event', 'holiday', 'exam', 'meeting', 'other')),
	CONSTRAINT "events_audience_kind_check" CHECK ("events"."audience_kind" in ('school', 'classes', 'roles', 'people')),
	CONSTRAINT "events_dates_check" CHECK ("events"."end_date" >= "events"."start_date")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_tenant_dates_idx" ON "events" USING btree ("tenant_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "events_tenant_txid_idx" ON "events" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
-- Events join sync/pull like every synced table (0001, 0004).
CREATE TRIGGER events_rev BEFORE INSERT OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
