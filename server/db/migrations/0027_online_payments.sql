CREATE TABLE "gateway_payments" (
	"tenant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"gateway_order_id" text,
	"order_id" uuid,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"flag" text,
	"receipt_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_pkey" PRIMARY KEY("tenant_id","payment_id")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"academic_year" integer NOT NULL,
	"items" jsonb NOT NULL,
	"fine" bigint DEFAULT 0 NOT NULL,
	"charge" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"key_id" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"checkout_paid" boolean DEFAULT false NOT NULL,
	"payment_id" text,
	"receipt_id" uuid,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excess" bigint DEFAULT 0 NOT NULL,
	"refund_id" text,
	"refund_reason" text,
	"refund_processed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	CONSTRAINT "payment_orders_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "payment_orders_gateway_key" UNIQUE("tenant_id","gateway_order_id")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'razorpay' NOT NULL,
	"key_id" text NOT NULL,
	"key_secret_sealed" text,
	"webhook_secret_sealed" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"partial_allowed" boolean DEFAULT false NOT NULL,
	"charge_basis_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"tenant_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_pkey" PRIMARY KEY("tenant_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "fee_receipts" DROP CONSTRAINT "fee_receipts_mode_check";--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_receipt_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."fee_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_tenant_created_idx" ON "payment_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_unpaid_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_mode_check" CHECK ("fee_receipts"."mode" in ('cash', 'upi', 'cheque', 'bankTransfer', 'online'));