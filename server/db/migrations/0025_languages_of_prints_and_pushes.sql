-- The school's print language (docs/i18n.md "Prints"): report cards, receipts and certificates
-- print in it, whatever the screen's language; English until an admin chooses another.
ALTER TABLE "schools" ADD COLUMN "print_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_print_language_check" CHECK ("schools"."print_language" in ('en', 'hi', 'mr'));--> statement-breakpoint
-- The words Kaksha writes around a notification (absence alerts, fee reminders, announcements) in
-- Hindi and Marathi, so each push goes in its recipient's language; null for what a school wrote.
ALTER TABLE "notifications" ADD COLUMN "translations" jsonb;
