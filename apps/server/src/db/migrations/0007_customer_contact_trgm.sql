-- Customer search (GET /customers?search=, the Assign Card modal) matches "contains" on the
-- full name, e-mail and phone with one OR of three ILIKEs. Migration 0002 indexed the full
-- name; without trigram indexes on e-mail and phone the OR falls back to scanning every
-- customer of the tenant (0.5-0.8 s at 200,000 customers). With all three, PostgreSQL
-- combines them in a BitmapOr. Only where pg_trgm is available (as in 0002).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not available: customer search runs without trigram indexes';
      RETURN;
    END;
  END IF;
  EXECUTE 'CREATE INDEX IF NOT EXISTS customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS customers_phone_trgm_idx ON customers USING gin (phone gin_trgm_ops)';
END
$$;
