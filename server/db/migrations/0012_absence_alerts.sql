ALTER TABLE "schools" ADD COLUMN "absence_alerts" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "absence_alerts" (
	"tenant_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"notification_id" uuid,
	"correction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_alerts_pkey" PRIMARY KEY("tenant_id","student_id","date"),
	CONSTRAINT "absence_alerts_status_check" CHECK ("absence_alerts"."status" in ('absent', 'late'))
);
--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_notification_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_correction_fk" FOREIGN KEY ("tenant_id","correction_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE no action ON UPDATE no action;
