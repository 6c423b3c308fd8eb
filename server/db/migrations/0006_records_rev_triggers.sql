-- The school records join sync/pull: their rev and txid come from the same trigger as every
-- other tenant-owned row (0001, 0004). The counters (admission_counters, certificate_counters)
-- are server-private and never synced.
CREATE TRIGGER subjects_rev BEFORE INSERT OR UPDATE ON subjects FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER class_subjects_rev BEFORE INSERT OR UPDATE ON class_subjects FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER admissions_rev BEFORE INSERT OR UPDATE ON admissions FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER certificates_rev BEFORE INSERT OR UPDATE ON certificates FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
