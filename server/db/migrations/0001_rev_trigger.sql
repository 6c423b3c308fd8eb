-- Every insert and update of a tenant-owned row takes the next value of one shared sequence, so
-- sync/pull can answer "everything after cursor N"; updated_at follows the server clock.
CREATE OR REPLACE FUNCTION kaksha_bump_rev() RETURNS trigger AS $$
BEGIN
  NEW.rev := nextval('kaksha_rev_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER classes_rev BEFORE INSERT OR UPDATE ON classes FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER teachers_rev BEFORE INSERT OR UPDATE ON teachers FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER students_rev BEFORE INSERT OR UPDATE ON students FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER users_rev BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
--> statement-breakpoint
CREATE TRIGGER parent_children_rev BEFORE INSERT OR UPDATE ON parent_children FOR EACH ROW EXECUTE FUNCTION kaksha_bump_rev();
