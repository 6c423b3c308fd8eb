ALTER TABLE "schools" ADD COLUMN "show_ranks" boolean DEFAULT true NOT NULL;
