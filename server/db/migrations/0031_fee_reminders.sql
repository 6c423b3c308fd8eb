CREATE TABLE "fee_reminder_runs" (
	"tenant_id" text NOT NULL,
	"day" date NOT NULL,
	"reminded" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_reminder_runs_pkey" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "fee_reminders_sent" (
	"tenant_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_reminders_sent_pkey" PRIMARY KEY("tenant_id","student_id","installment_id","days")
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_notification_user_channel_key";--> statement-breakpoint
ALTER TABLE "fee_reminder_runs" ADD CONSTRAINT "fee_reminder_runs_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reminders_sent" ADD CONSTRAINT "fee_reminders_sent_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_notification_user_channel_key" UNIQUE NULLS NOT DISTINCT("notification_id","user_id","channel","student_id");