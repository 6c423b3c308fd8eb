CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_reset_idx" ON "rate_limit_windows" USING btree ("reset_at");--> statement-breakpoint
-- The change feed (server/db/changes.ts): every process caches the session columns of a user and
-- a school's name; a change to them is announced on commit, so each process drops its copy.
CREATE OR REPLACE FUNCTION kaksha_notify_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kaksha_changes', 'user:' || OLD.tenant_id || ':' || OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.student_id IS DISTINCT FROM NEW.student_id OR OLD.teacher_id IS DISTINCT FROM NEW.teacher_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION kaksha_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION kaksha_notify_user_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaksha_notify_school_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kaksha_changes', 'school:' || OLD.tenant_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER schools_notify_change AFTER UPDATE OR DELETE ON schools FOR EACH ROW EXECUTE FUNCTION kaksha_notify_school_change();

