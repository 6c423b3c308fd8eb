-- Issue 16: a notification's read figures in the admin's pull. One row per notification (its id),
-- touched when a reader's first read mark is stored so its rev moves and the next pull of the
-- admins (and of the teacher who sent it) brings the counts; families never pull this table.
CREATE TABLE "notification_counts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_notification_fk" FOREIGN KEY ("tenant_id","id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_counts_tenant_txid_idx" ON "notification_counts" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE TRIGGER notification_counts_rev BEFORE INSERT OR UPDATE ON notification_counts FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();--> statement-breakpoint
INSERT INTO "notification_counts" ("id", "tenant_id", "deleted_at") SELECT "id", "tenant_id", "deleted_at" FROM "notifications";
