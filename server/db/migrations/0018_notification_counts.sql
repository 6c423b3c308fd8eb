-- A notification's read figures in the admin's pull. One row per notification (its id),
-- touched by triggers whenever the notification is written (made, changed, withdrawn: the row
-- follows its deleted_at) and whenever a read mark is stored, so its rev moves and the next pull
-- of the admins (and of the teacher who sent it) brings the counts; families never pull this table.
-- Triggers rather than calls in the routes: the seed, fee reminders, absence alerts, event
-- announcements and exam publications insert notifications and reads too.
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
--> statement-breakpoint
CREATE FUNCTION kaksha_notification_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts (id, tenant_id, deleted_at) VALUES (NEW.id, NEW.tenant_id, NEW.deleted_at)
  ON CONFLICT (id) DO UPDATE SET updated_at = now(), deleted_at = EXCLUDED.deleted_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_counts AFTER INSERT OR UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION kaksha_notification_counts_follow();--> statement-breakpoint
CREATE FUNCTION kaksha_notification_counts_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_counts SET updated_at = now() WHERE tenant_id = NEW.tenant_id AND id = NEW.notification_id AND deleted_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notification_reads_counts AFTER INSERT ON notification_reads FOR EACH ROW EXECUTE FUNCTION kaksha_notification_counts_read();
