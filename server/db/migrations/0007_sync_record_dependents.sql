-- Records that sync/pull sends with parts of other rows (a class-subject mapping with its class,
-- subject and teacher names; an admission with its class and its student as now) must travel
-- again when such a part changes. Touching the dependent rows (an update that sets nothing new)
-- runs their rev trigger, so they take a new rev and the writing transaction's txid.
-- A new or moved mapping also touches its subject: a family sees the subjects of its classes'
-- mappings, so a subject synced long ago must travel again to the family that may now see it.
CREATE OR REPLACE FUNCTION kaksha_touch_student_dependents() RETURNS trigger AS $$
BEGIN
  UPDATE admissions SET rev = rev WHERE tenant_id = NEW.tenant_id AND student_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER students_touch_dependents AFTER UPDATE ON students FOR EACH ROW EXECUTE FUNCTION kaksha_touch_student_dependents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaksha_touch_class_dependents() RETURNS trigger AS $$
BEGIN
  UPDATE class_subjects SET rev = rev WHERE tenant_id = NEW.tenant_id AND class_id = NEW.id;
  UPDATE admissions SET rev = rev
  WHERE tenant_id = NEW.tenant_id
    AND (class_id = NEW.id
      OR student_id IN (SELECT id FROM students WHERE tenant_id = NEW.tenant_id AND class_id = NEW.id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER classes_touch_dependents AFTER UPDATE ON classes FOR EACH ROW
  WHEN (OLD.class_name IS DISTINCT FROM NEW.class_name OR OLD.class_section IS DISTINCT FROM NEW.class_section)
  EXECUTE FUNCTION kaksha_touch_class_dependents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaksha_touch_subject_dependents() RETURNS trigger AS $$
BEGIN
  UPDATE class_subjects SET rev = rev WHERE tenant_id = NEW.tenant_id AND subject_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subjects_touch_dependents AFTER UPDATE ON subjects FOR EACH ROW
  WHEN (OLD.subject_name IS DISTINCT FROM NEW.subject_name)
  EXECUTE FUNCTION kaksha_touch_subject_dependents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaksha_touch_teacher_dependents() RETURNS trigger AS $$
BEGIN
  UPDATE class_subjects SET rev = rev WHERE tenant_id = NEW.tenant_id AND teacher_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER teachers_touch_dependents AFTER UPDATE ON teachers FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION kaksha_touch_teacher_dependents();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaksha_touch_mapped_subject() RETURNS trigger AS $$
BEGIN
  UPDATE subjects SET rev = rev WHERE tenant_id = NEW.tenant_id AND id = NEW.subject_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER class_subjects_touch_subject AFTER INSERT ON class_subjects FOR EACH ROW EXECUTE FUNCTION kaksha_touch_mapped_subject();
--> statement-breakpoint
CREATE TRIGGER class_subjects_touch_moved_subject AFTER UPDATE ON class_subjects FOR EACH ROW
  WHEN (OLD.subject_id IS DISTINCT FROM NEW.subject_id OR OLD.class_id IS DISTINCT FROM NEW.class_id)
  EXECUTE FUNCTION kaksha_touch_mapped_subject();
