-- Receipts fixed when issued (docs/decisions.md "Fees"): the day a receipt was made (a
-- payment date before it is back-dated), the late fine an earlier date removed (a waiver with its
-- reason), the year's balance after the receipt as of its date, and the cashier's name instead of
-- the account's e-mail. Receipts already issued take the day the school stored them as their
-- recorded day; their balances stay unknown (null: the receipt says it was issued before balances
-- were kept), since the dues they were issued against cannot be told apart from later changes.
ALTER TABLE "fee_receipts" ADD COLUMN "recorded_on" date;--> statement-breakpoint
UPDATE "fee_receipts" SET "recorded_on" = greatest("paid_on", ("created_at" at time zone 'UTC')::date);--> statement-breakpoint
ALTER TABLE "fee_receipts" ALTER COLUMN "recorded_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "backdated_fine" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "balance_due" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "year_balance" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_recorded_check" CHECK ("fee_receipts"."paid_on" <= "fee_receipts"."recorded_on" and "fee_receipts"."backdated_fine" >= 0 and ("fee_receipts"."balance_due" is null or "fee_receipts"."balance_due" >= 0) and ("fee_receipts"."year_balance" is null or "fee_receipts"."year_balance" >= 0));--> statement-breakpoint
UPDATE "fee_receipts" AS r SET "received_by_name" = coalesce(
  (SELECT trim(t."first_name" || ' ' || t."last_name") FROM "teachers" t WHERE t."tenant_id" = u."tenant_id" AND t."id" = u."teacher_id"),
  (SELECT trim(t."first_name" || ' ' || t."last_name") FROM "teachers" t WHERE t."tenant_id" = u."tenant_id" AND t."deleted_at" IS NULL AND lower(t."email_id") = lower(u."username") ORDER BY t."id" LIMIT 1),
  'School office')
FROM "users" u
WHERE u."tenant_id" = r."tenant_id" AND u."id" = r."received_by" AND r."received_by_name" = u."username";
