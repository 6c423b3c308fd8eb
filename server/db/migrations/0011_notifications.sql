CREATE TABLE "device_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "notification_reads_notification_user_key" UNIQUE("tenant_id","notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_revisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"rev" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"edited_by" uuid,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"audience_kind" text NOT NULL,
	"audience_class_ids" uuid[] DEFAULT '{}' NOT NULL,
	"audience_roles" text[] DEFAULT '{}' NOT NULL,
	"audience_user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sent_by" uuid,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "notifications_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "notifications_audience_kind_check" CHECK ("notifications"."audience_kind" in ('school', 'classes', 'roles', 'people'))
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "push_outbox_notification_token_key" UNIQUE("notification_id","token")
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_revisions" ADD CONSTRAINT "notification_revisions_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sent_by_fk" FOREIGN KEY ("tenant_id","sent_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "notification_reads_tenant_user_txid_idx" ON "notification_reads" USING btree ("tenant_id","user_id","txid","rev");--> statement-breakpoint
CREATE INDEX "notification_reads_tenant_txid_idx" ON "notification_reads" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "notification_revisions_notification_idx" ON "notification_revisions" USING btree ("tenant_id","notification_id","edited_at");--> statement-breakpoint
CREATE INDEX "notifications_tenant_txid_idx" ON "notifications" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("publish_at") WHERE not "notifications"."published";--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("due_at") WHERE "push_outbox"."sent_at" is null;--> statement-breakpoint
-- A user's one fcm_token becomes their first device (docs/decisions.md "Notifications and push").
INSERT INTO "device_tokens" ("token", "tenant_id", "user_id")
SELECT DISTINCT ON ("fcm_token") "fcm_token", "tenant_id", "id" FROM "users" WHERE "fcm_token" IS NOT NULL AND "fcm_token" <> '' ORDER BY "fcm_token", "updated_at" DESC;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "fcm_token";
--> statement-breakpoint
CREATE TRIGGER notifications_rev BEFORE INSERT OR UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER notification_reads_rev BEFORE INSERT OR UPDATE ON notification_reads FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
