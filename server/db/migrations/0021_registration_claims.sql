-- Who claimed a pending account's address (docs/decisions.md "Registration claims"): whether the
-- address was confirmed by its mailed code, how many registrations named it, and the registrations
-- that compete with an unconfirmed one, each with its own password and code until one is confirmed.
CREATE TABLE "account_registrations" (
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"registrations" integer DEFAULT 1 NOT NULL,
	"address_confirmed_at" timestamp with time zone,
	CONSTRAINT "account_registrations_pkey" PRIMARY KEY ("tenant_id", "user_id"),
	CONSTRAINT "account_registrations_user_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE cascade,
	CONSTRAINT "account_registrations_count_check" CHECK ("registrations" >= 1)
);
--> statement-breakpoint
CREATE TABLE "registration_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_claims_user_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE cascade,
	CONSTRAINT "registration_claims_role_check" CHECK ("role" IN ('admin', 'teacher', 'student', 'parent'))
);
--> statement-breakpoint
CREATE INDEX "registration_claims_user_idx" ON "registration_claims" USING btree ("tenant_id", "user_id", "created_at");
--> statement-breakpoint
-- Every pending account came from one registration; one whose code was confirmed has a verified code.
INSERT INTO "account_registrations" ("tenant_id", "user_id", "registrations", "address_confirmed_at")
SELECT u."tenant_id", u."id", 1,
	(SELECT max(c."verified_at") FROM "password_reset_codes" c WHERE c."tenant_id" = u."tenant_id" AND c."user_id" = u."id")
FROM "users" u
WHERE u."status" = 'pending';
