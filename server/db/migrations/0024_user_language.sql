-- The language each user reads the app in (docs/i18n.md): null until they choose one; only the
-- languages Kaksha speaks (contract/languages.ts).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi', 'mr'));
