ALTER TABLE "tenant_counters" ADD COLUMN "activated_cards" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- docs/product.md 'Card quota': GET /tenant and the trial status read the activated-card count from the counters
-- instead of counting the tenant's cards (ADR 0006's triggers, extended). Inserted and deleted
-- cards are counted per statement as before; an activation (activated_at set) once per row,
-- only when the column is set and changes.
CREATE OR REPLACE FUNCTION tenant_counters_cards_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_counters AS c (tenant_id, cards, active_cards, activated_cards)
    SELECT tenant_id, count(*), count(*) FILTER (WHERE status = 'ACTIVE'), count(*) FILTER (WHERE activated_at IS NOT NULL) FROM new_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET cards = c.cards + excluded.cards, active_cards = c.active_cards + excluded.active_cards,
    activated_cards = c.activated_cards + excluded.activated_cards;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_cards_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters c SET cards = c.cards - d.n, active_cards = c.active_cards - d.active, activated_cards = c.activated_cards - d.activated
    FROM (SELECT tenant_id, count(*) AS n, count(*) FILTER (WHERE status = 'ACTIVE') AS active, count(*) FILTER (WHERE activated_at IS NOT NULL) AS activated
          FROM old_rows GROUP BY tenant_id) d
   WHERE c.tenant_id = d.tenant_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tenant_counters_card_activated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters
     SET activated_cards = activated_cards + (NEW.activated_at IS NOT NULL)::int - (OLD.activated_at IS NOT NULL)::int
   WHERE tenant_id = NEW.tenant_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cards_counted_activated AFTER UPDATE OF activated_at ON cards
  FOR EACH ROW WHEN ((OLD.activated_at IS NULL) IS DISTINCT FROM (NEW.activated_at IS NULL)) EXECUTE FUNCTION tenant_counters_card_activated();--> statement-breakpoint
UPDATE tenant_counters c SET activated_cards = (SELECT count(*) FROM cards WHERE tenant_id = c.tenant_id AND activated_at IS NOT NULL);
