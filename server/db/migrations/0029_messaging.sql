CREATE TABLE "message_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"student_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"values" jsonb NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"phone" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_notification_user_channel_key" UNIQUE("notification_id","user_id","channel"),
	CONSTRAINT "message_deliveries_channel_check" CHECK ("message_deliveries"."channel" in ('whatsapp', 'sms')),
	CONSTRAINT "message_deliveries_status_check" CHECK ("message_deliveries"."status" in ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "messaging_preferences" (
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"whatsapp" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_preferences_pkey" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_stops" (
	"tenant_id" text NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_stops_pkey" PRIMARY KEY("tenant_id","phone","channel")
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_preferences" ADD CONSTRAINT "messaging_preferences_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_stops" ADD CONSTRAINT "messaging_stops_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_deliveries_due_idx" ON "message_deliveries" USING btree ("due_at") WHERE "message_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "message_deliveries_provider_idx" ON "message_deliveries" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_notification_idx" ON "message_deliveries" USING btree ("tenant_id","notification_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_sent_idx" ON "message_deliveries" USING btree ("tenant_id","sent_at");