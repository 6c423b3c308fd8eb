CREATE TABLE "fee_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"receipt_format" text DEFAULT 'RCPT/{YEAR}/{SEQ}' NOT NULL,
	"upi_id" text,
	"payee_name" text,
	"teachers_may_read" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_heads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fee_heads_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"class_id" uuid NOT NULL,
	"academic_year" integer NOT NULL,
	"fine_kind" text DEFAULT 'none' NOT NULL,
	"fine_amount" bigint DEFAULT 0 NOT NULL,
	"fine_cap" bigint,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fee_structures_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "fee_structures_fine_check" CHECK ("fine_kind" IN ('none', 'perDay', 'flat') AND "fine_amount" >= 0 AND ("fine_cap" IS NULL OR "fine_cap" >= 0))
);
--> statement-breakpoint
CREATE TABLE "fee_installments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"structure_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fee_installments_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "fee_installments_amount_check" CHECK ("amount" >= 0),
	CONSTRAINT "fee_installments_frequency_check" CHECK ("frequency" IN ('monthly', 'quarterly', 'termly', 'once'))
);
--> statement-breakpoint
CREATE TABLE "fee_concessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"academic_year" integer NOT NULL,
	"kind" text NOT NULL,
	"head_ids" uuid[] NOT NULL,
	"percent" integer,
	"amount" bigint,
	"reason" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fee_concessions_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "fee_concessions_value_check" CHECK (("percent" IS NULL) <> ("amount" IS NULL) AND ("percent" IS NULL OR "percent" BETWEEN 1 AND 100) AND ("amount" IS NULL OR "amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_counters" (
	"tenant_id" text NOT NULL,
	"academic_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "fee_receipt_counters_tenant_id_academic_year_pk" PRIMARY KEY("tenant_id","academic_year")
);
--> statement-breakpoint
CREATE TABLE "fee_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"academic_year" integer NOT NULL,
	"receipt_seq" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"student_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	"admission_id" text NOT NULL,
	"class_id" uuid,
	"class_name" text NOT NULL,
	"paid_on" date NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"bank" text,
	"fine" bigint DEFAULT 0 NOT NULL,
	"fine_waived" bigint DEFAULT 0 NOT NULL,
	"waiver_reason" text,
	"total" bigint NOT NULL,
	"remark" text,
	"status" text DEFAULT 'paid' NOT NULL,
	"cancelled_on" date,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"replaced_by" uuid,
	"replaces" uuid,
	"received_by" uuid NOT NULL,
	"received_by_name" text NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fee_receipts_tenant_id_key" UNIQUE("tenant_id","id"),
	CONSTRAINT "fee_receipts_seq_key" UNIQUE("tenant_id","academic_year","receipt_seq"),
	CONSTRAINT "fee_receipts_number_key" UNIQUE("tenant_id","receipt_number"),
	CONSTRAINT "fee_receipts_amounts_check" CHECK ("fine" >= 0 AND "fine_waived" >= 0 AND "total" >= 0),
	CONSTRAINT "fee_receipts_mode_check" CHECK ("mode" IN ('cash', 'upi', 'cheque', 'bankTransfer')),
	CONSTRAINT "fee_receipts_status_check" CHECK ("status" IN ('paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"receipt_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fee_receipt_items_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "fee_receipt_items_receipt_installment_key" UNIQUE("tenant_id","receipt_id","installment_id")
);
--> statement-breakpoint
ALTER TABLE "fee_settings" ADD CONSTRAINT "fee_settings_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_heads" ADD CONSTRAINT "fee_heads_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_structure_fk" FOREIGN KEY ("tenant_id","structure_id") REFERENCES "public"."fee_structures"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_head_fk" FOREIGN KEY ("tenant_id","head_id") REFERENCES "public"."fee_heads"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD CONSTRAINT "fee_concessions_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD CONSTRAINT "fee_concessions_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD CONSTRAINT "fee_receipt_counters_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_received_by_fk" FOREIGN KEY ("tenant_id","received_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_cancelled_by_fk" FOREIGN KEY ("tenant_id","cancelled_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_items" ADD CONSTRAINT "fee_receipt_items_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_items" ADD CONSTRAINT "fee_receipt_items_receipt_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."fee_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_items" ADD CONSTRAINT "fee_receipt_items_installment_fk" FOREIGN KEY ("tenant_id","installment_id") REFERENCES "public"."fee_installments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_heads_tenant_name_idx" ON "fee_heads" USING btree ("tenant_id",lower("name")) WHERE "fee_heads"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "fee_heads_tenant_txid_idx" ON "fee_heads" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_tenant_class_year_idx" ON "fee_structures" USING btree ("tenant_id","class_id","academic_year") WHERE "fee_structures"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "fee_structures_tenant_txid_idx" ON "fee_structures" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "fee_installments_structure_idx" ON "fee_installments" USING btree ("tenant_id","structure_id","position");--> statement-breakpoint
CREATE INDEX "fee_installments_head_idx" ON "fee_installments" USING btree ("tenant_id","head_id");--> statement-breakpoint
CREATE INDEX "fee_concessions_tenant_student_idx" ON "fee_concessions" USING btree ("tenant_id","student_id","academic_year");--> statement-breakpoint
CREATE INDEX "fee_concessions_tenant_txid_idx" ON "fee_concessions" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "fee_receipts_tenant_student_idx" ON "fee_receipts" USING btree ("tenant_id","student_id","paid_on");--> statement-breakpoint
CREATE INDEX "fee_receipts_tenant_paid_on_idx" ON "fee_receipts" USING btree ("tenant_id","paid_on");--> statement-breakpoint
CREATE INDEX "fee_receipts_tenant_txid_idx" ON "fee_receipts" USING btree ("tenant_id","txid","rev");--> statement-breakpoint
CREATE INDEX "fee_receipts_tenant_student_txid_idx" ON "fee_receipts" USING btree ("tenant_id","student_id","txid","rev");--> statement-breakpoint
CREATE INDEX "fee_receipt_items_receipt_idx" ON "fee_receipt_items" USING btree ("tenant_id","receipt_id");--> statement-breakpoint
CREATE INDEX "fee_receipt_items_installment_idx" ON "fee_receipt_items" USING btree ("tenant_id","installment_id");--> statement-breakpoint
-- Heads, structures (with their installments), concessions and receipts join sync/pull like every
-- synced table (0001, 0004). A structure's installments change only through their structure, whose
-- row is updated with them, so they carry no rev of their own; the same for a receipt's items.
CREATE TRIGGER fee_heads_rev BEFORE INSERT OR UPDATE ON fee_heads FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER fee_structures_rev BEFORE INSERT OR UPDATE ON fee_structures FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER fee_concessions_rev BEFORE INSERT OR UPDATE ON fee_concessions FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER fee_receipts_rev BEFORE INSERT OR UPDATE ON fee_receipts FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
