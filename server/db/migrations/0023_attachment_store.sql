-- Homework attachments' bytes leave `homework_attachments` (docs/decisions.md "Attachment bytes"):
-- the row keeps name, type, size and SHA-256, and the bytes go to the attachment store, once per
-- school and digest. On PostgreSQL that store is `attachment_blobs`; on embedded PGlite the server
-- moves its rows into files under DATA_DIR when it starts (server/files/file-store.ts).
CREATE TABLE "attachment_blobs" (
	"tenant_id" text NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_blobs_pkey" PRIMARY KEY("tenant_id","sha256")
);
--> statement-breakpoint
-- Attached files are mostly compressed already (PDF, JPEG, PNG, office zips): not tried again.
ALTER TABLE "attachment_blobs" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "attachment_blobs" ADD CONSTRAINT "attachment_blobs_tenant_id_schools_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."schools"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "attachment_blobs" ("tenant_id", "sha256", "data", "created_at")
SELECT DISTINCT ON ("tenant_id", "sha256") "tenant_id", "sha256", "data", "created_at"
FROM "homework_attachments"
ORDER BY "tenant_id", "sha256", "created_at";--> statement-breakpoint
CREATE INDEX "homework_attachments_digest_idx" ON "homework_attachments" USING btree ("tenant_id","sha256");--> statement-breakpoint
ALTER TABLE "homework_attachments" DROP COLUMN "data";
