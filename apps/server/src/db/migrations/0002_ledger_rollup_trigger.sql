-- ADR 0006. A ledger row written with a created_at before its transaction's now() (seeds,
-- imports, generators: never the POS, whose rows take the default now()) may land in a UTC
-- day that is already rolled up into ledger_daily_totals; pull the tenant's rolled_until
-- back to that day so that the next report rebuilds it. The WHEN clause is evaluated
-- without calling the function, so POS inserts pay nothing measurable.
CREATE OR REPLACE FUNCTION ledger_rollup_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_rollup_state
     SET rolled_until = (NEW.created_at AT TIME ZONE 'UTC')::date, updated_at = now()
   WHERE tenant_id = NEW.tenant_id AND rolled_until > (NEW.created_at AT TIME ZONE 'UTC')::date;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER transactions_backdated_rollup
  AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.created_at < now())
  EXECUTE FUNCTION ledger_rollup_invalidate();--> statement-breakpoint
-- Trigram indexes for the transaction search (customer full name, card UID contains), when
-- the pg_trgm extension is available (PostgreSQL: trusted contrib extension). The embedded
-- PGlite only has it when the client loads it; without it the search scans, which is fine
-- at embedded sizes.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: searches run without trigram indexes';
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS customers_full_name_trgm_idx ON customers USING gin ((first_name || '' '' || last_name) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS cards_card_uid_trgm_idx ON cards USING gin (card_uid gin_trgm_ops)';
END
$$;
