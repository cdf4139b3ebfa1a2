-- ADR 0006: tenant_counters follows customers and cards. Inserts and deletes are counted once
-- per statement from the transition tables (a batch of 1000 cards is one update); a card's
-- status change once per row, and only when the status column is set (the POS sets only
-- balance_cents, so earn and redeem never fire it). Deletes only update an existing row: during
-- a tenant's deletion its counters row may already be gone.
CREATE OR REPLACE FUNCTION tenant_counters_customers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_counters AS c (tenant_id, customers)
    SELECT tenant_id, count(*) FROM new_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET customers = c.customers + excluded.customers;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_customers_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters c SET customers = c.customers - d.n
    FROM (SELECT tenant_id, count(*) AS n FROM old_rows GROUP BY tenant_id) d
   WHERE c.tenant_id = d.tenant_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_cards_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_counters AS c (tenant_id, cards, active_cards)
    SELECT tenant_id, count(*), count(*) FILTER (WHERE status = 'ACTIVE') FROM new_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET cards = c.cards + excluded.cards, active_cards = c.active_cards + excluded.active_cards;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_cards_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters c SET cards = c.cards - d.n, active_cards = c.active_cards - d.active
    FROM (SELECT tenant_id, count(*) AS n, count(*) FILTER (WHERE status = 'ACTIVE') AS active FROM old_rows GROUP BY tenant_id) d
   WHERE c.tenant_id = d.tenant_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_card_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters
     SET active_cards = active_cards + (NEW.status = 'ACTIVE')::int - (OLD.status = 'ACTIVE')::int
   WHERE tenant_id = NEW.tenant_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_counted_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counters_customers_inserted();--> statement-breakpoint
CREATE TRIGGER customers_counted_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counters_customers_deleted();--> statement-breakpoint
CREATE TRIGGER cards_counted_insert AFTER INSERT ON cards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counters_cards_inserted();--> statement-breakpoint
CREATE TRIGGER cards_counted_delete AFTER DELETE ON cards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_counters_cards_deleted();--> statement-breakpoint
CREATE TRIGGER cards_counted_status AFTER UPDATE OF status ON cards
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION tenant_counters_card_status();--> statement-breakpoint
INSERT INTO tenant_counters (tenant_id, customers, cards, active_cards)
SELECT t.id,
  (SELECT count(*) FROM customers WHERE tenant_id = t.id),
  (SELECT count(*) FROM cards WHERE tenant_id = t.id),
  (SELECT count(*) FROM cards WHERE tenant_id = t.id AND status = 'ACTIVE')
FROM tenants t
ON CONFLICT (tenant_id) DO UPDATE SET customers = excluded.customers, cards = excluded.cards, active_cards = excluded.active_cards;
