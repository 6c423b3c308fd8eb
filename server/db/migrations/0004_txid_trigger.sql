-- The rev trigger also records the writing transaction (xid8) in `txid`. sync/pull orders changes
-- by (txid, rev) and only hands out rows whose transaction is older than the oldest one still
-- running (pg_snapshot_xmin), so a change that commits late is never skipped (docs/sync-server.md).
-- The transaction id is taken before the rev is drawn.
CREATE OR REPLACE FUNCTION kaksha_bump_rev() RETURNS trigger AS $$
BEGIN
  NEW.txid := pg_current_xact_id();
  NEW.rev := nextval('kaksha_rev_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attendance_rev BEFORE INSERT OR UPDATE ON attendance FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
