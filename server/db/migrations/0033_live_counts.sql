CREATE TABLE "live_row_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_row_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" text NOT NULL,
	"table_name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_row_counts_key_idx" ON "live_row_counts" USING btree ("tenant_id","table_name","delta");--> statement-breakpoint
CREATE INDEX "homework_tenant_page_idx" ON "homework" USING btree ("tenant_id","due_date" DESC NULLS FIRST,"id") WHERE "homework"."deleted_at" is null;--> statement-breakpoint
-- Statement triggers with transition tables: one delta row per school and statement, however many
-- rows it wrote (an import of 700 students adds one). TG_ARGV[0] is what counts: 'live' (no
-- deleted_at) or 'all' (the admission register, where a cancelled admission keeps its number).
CREATE FUNCTION kaksha_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_row_counts (tenant_id, table_name, delta)
  SELECT tenant_id, TG_TABLE_NAME, count(*) FROM added
  WHERE TG_ARGV[0] = 'all' OR deleted_at IS NULL GROUP BY tenant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION kaksha_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_row_counts (tenant_id, table_name, delta)
  SELECT tenant_id, TG_TABLE_NAME, -count(*) FROM removed
  WHERE TG_ARGV[0] = 'all' OR deleted_at IS NULL GROUP BY tenant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION kaksha_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'all' THEN RETURN NULL; END IF;
  INSERT INTO live_row_counts (tenant_id, table_name, delta)
  SELECT tenant_id, TG_TABLE_NAME, sum(d) FROM (
    SELECT tenant_id, 1 AS d FROM added WHERE deleted_at IS NULL
    UNION ALL
    SELECT tenant_id, -1 AS d FROM removed WHERE deleted_at IS NULL
  ) AS moved GROUP BY tenant_id HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_count_added AFTER INSERT ON students REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_added('live');
--> statement-breakpoint
CREATE TRIGGER students_count_removed AFTER DELETE ON students REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_removed('live');
--> statement-breakpoint
CREATE TRIGGER students_count_changed AFTER UPDATE ON students REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_changed('live');
--> statement-breakpoint
CREATE TRIGGER admissions_count_added AFTER INSERT ON admissions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_added('all');
--> statement-breakpoint
CREATE TRIGGER admissions_count_removed AFTER DELETE ON admissions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_removed('all');
--> statement-breakpoint
CREATE TRIGGER homework_count_added AFTER INSERT ON homework REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_added('live');
--> statement-breakpoint
CREATE TRIGGER homework_count_removed AFTER DELETE ON homework REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_removed('live');
--> statement-breakpoint
CREATE TRIGGER homework_count_changed AFTER UPDATE ON homework REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_changed('live');
--> statement-breakpoint
CREATE TRIGGER class_subjects_count_added AFTER INSERT ON class_subjects REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_added('live');
--> statement-breakpoint
CREATE TRIGGER class_subjects_count_removed AFTER DELETE ON class_subjects REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_removed('live');
--> statement-breakpoint
CREATE TRIGGER class_subjects_count_changed AFTER UPDATE ON class_subjects REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_changed('live');
--> statement-breakpoint
CREATE TRIGGER fee_receipts_count_added AFTER INSERT ON fee_receipts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_added('live');
--> statement-breakpoint
CREATE TRIGGER fee_receipts_count_removed AFTER DELETE ON fee_receipts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_removed('live');
--> statement-breakpoint
CREATE TRIGGER fee_receipts_count_changed AFTER UPDATE ON fee_receipts REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION kaksha_count_changed('live');
--> statement-breakpoint
INSERT INTO live_row_counts (tenant_id, table_name, delta)
SELECT tenant_id, 'students', count(*) FROM students WHERE deleted_at IS NULL GROUP BY tenant_id
UNION ALL SELECT tenant_id, 'admissions', count(*) FROM admissions GROUP BY tenant_id
UNION ALL SELECT tenant_id, 'homework', count(*) FROM homework WHERE deleted_at IS NULL GROUP BY tenant_id
UNION ALL SELECT tenant_id, 'class_subjects', count(*) FROM class_subjects WHERE deleted_at IS NULL GROUP BY tenant_id
UNION ALL SELECT tenant_id, 'fee_receipts', count(*) FROM fee_receipts WHERE deleted_at IS NULL GROUP BY tenant_id;
