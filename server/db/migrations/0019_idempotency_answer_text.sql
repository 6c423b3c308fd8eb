-- A write's stored answer is kept as the JSON text its first answer sent, and sent as it is on a
-- replay. As jsonb it was serialized twice more and parsed by PostgreSQL on every write: a 9 am
-- burst stores 500 answers of ~14 KB (docs/decisions.md "The 9 am burst with families").
ALTER TABLE "idempotency_keys" ALTER COLUMN "body" SET DATA TYPE text USING "body"::text;--> statement-breakpoint
-- LZ4 compresses these answers about as small as the default pglz in a twentieth of the time;
-- a server built without LZ4 (embedded PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE "idempotency_keys" ALTER COLUMN "body" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  NULL;
END $$;
