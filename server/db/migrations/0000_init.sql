CREATE SEQUENCE "public"."kaksha_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"class_name" text NOT NULL,
	"class_section" text DEFAULT '' NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "classes_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "parent_children" (
	"tenant_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "parent_children_tenant_id_user_id_student_id_pk" PRIMARY KEY("tenant_id","user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"school_name" text NOT NULL,
	"school_id" text NOT NULL,
	"address" text,
	"phone_number" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_school_id_key" UNIQUE("school_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"admission_id" text,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email_id" text,
	"roll_number" text,
	"phone_number" text,
	"class_id" uuid,
	"date_of_birth" text,
	"gender" text,
	"father_name" text,
	"mother_name" text,
	"parent_email" text,
	"alternate_number" text,
	"address" text,
	"aadhaar_id" text,
	"apaar_id" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "students_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"employee_id" text,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email_id" text,
	"phone_number" text,
	"address" text,
	"date_of_birth" text,
	"gender" text,
	"subjects" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "teachers_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"student_id" uuid,
	"teacher_id" uuid,
	"token_version" integer DEFAULT 0 NOT NULL,
	"fcm_token" text,
	"rev" bigint DEFAULT nextval('kaksha_rev_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_tenant_username_key" UNIQUE("tenant_id","username"),
	CONSTRAINT "users_tenant_id_key" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_class_fk" FOREIGN KEY ("tenant_id","class_id") REFERENCES "public"."classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_teacher_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."teachers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_name_section_key" ON "classes" USING btree ("tenant_id",lower("class_name"),lower("class_section")) WHERE "classes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "classes_tenant_rev_idx" ON "classes" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "parent_children_student_idx" ON "parent_children" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_admission_id_key" ON "students" USING btree ("tenant_id","admission_id") WHERE "students"."deleted_at" is null and "students"."admission_id" is not null;--> statement-breakpoint
CREATE INDEX "students_tenant_email_idx" ON "students" USING btree ("tenant_id","email_id");--> statement-breakpoint
CREATE INDEX "students_tenant_parent_email_idx" ON "students" USING btree ("tenant_id","parent_email");--> statement-breakpoint
CREATE INDEX "students_tenant_class_idx" ON "students" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "students_tenant_rev_idx" ON "students" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_employee_id_key" ON "teachers" USING btree ("tenant_id","employee_id") WHERE "teachers"."deleted_at" is null and "teachers"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "teachers_tenant_email_idx" ON "teachers" USING btree ("tenant_id","email_id");--> statement-breakpoint
CREATE INDEX "teachers_tenant_rev_idx" ON "teachers" USING btree ("tenant_id","rev");--> statement-breakpoint
CREATE INDEX "users_tenant_status_idx" ON "users" USING btree ("tenant_id","status");