ALTER TABLE "admissions" ADD COLUMN "content_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD COLUMN "content_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "content_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- content_rev: the rev of a row's last change of its own. A touch from 0007 (an update that sets
-- nothing new, so the row travels again through sync/pull) moves rev but keeps content_rev; the
-- baseRev rule of record updates compares with content_rev (server/modules/sync/conflicts.ts).
-- Runs after the rev trigger of the same row (BEFORE triggers fire in name order).
CREATE OR REPLACE FUNCTION kaksha_keep_content_rev() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT'
    OR (to_jsonb(NEW) - '{rev,txid,updated_at,content_rev}'::text[])
      IS DISTINCT FROM (to_jsonb(OLD) - '{rev,txid,updated_at,content_rev}'::text[]) THEN
    NEW.content_rev := NEW.rev;
  ELSE
    NEW.content_rev := OLD.content_rev;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE admissions SET content_rev = rev;
--> statement-breakpoint
UPDATE class_subjects SET content_rev = rev;
--> statement-breakpoint
UPDATE subjects SET content_rev = rev;
--> statement-breakpoint
CREATE TRIGGER admissions_rev_content BEFORE INSERT OR UPDATE ON admissions FOR EACH ROW EXECUTE FUNCTION kaksha_keep_content_rev();
--> statement-breakpoint
CREATE TRIGGER class_subjects_rev_content BEFORE INSERT OR UPDATE ON class_subjects FOR EACH ROW EXECUTE FUNCTION kaksha_keep_content_rev();
--> statement-breakpoint
CREATE TRIGGER subjects_rev_content BEFORE INSERT OR UPDATE ON subjects FOR EACH ROW EXECUTE FUNCTION kaksha_keep_content_rev();
