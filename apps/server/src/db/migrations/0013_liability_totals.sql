CREATE TABLE "card_balance_deltas" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_balance_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" uuid NOT NULL,
	"balance_cents" bigint NOT NULL,
	"cards_with_balance" bigint NOT NULL,
	CONSTRAINT "card_balance_deltas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_balance_totals" (
	"tenant_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"balance_cents" bigint NOT NULL,
	"cards_with_balance" bigint NOT NULL,
	CONSTRAINT "card_balance_totals_tenant_id_store_id_pk" PRIMARY KEY("tenant_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "lot_total_deltas" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lot_total_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"credited_hour" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"remaining_cents" bigint NOT NULL,
	CONSTRAINT "lot_total_deltas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "lot_totals" (
	"tenant_id" uuid NOT NULL,
	"credited_hour" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"remaining_cents" bigint NOT NULL,
	CONSTRAINT "lot_totals_tenant_id_credited_hour_expires_at_pk" PRIMARY KEY("tenant_id","credited_hour","expires_at")
);
--> statement-breakpoint
ALTER TABLE "card_balance_deltas" ADD CONSTRAINT "card_balance_deltas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_balance_totals" ADD CONSTRAINT "card_balance_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_total_deltas" ADD CONSTRAINT "lot_total_deltas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_totals" ADD CONSTRAINT "lot_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 0016: the liability report's distributions kept as totals + deltas.
-- Statement-level triggers append each statement's net change, grouped, from the transition
-- tables (an earn appends one row per table; an expiry batch of 1,000 lots a handful). They
-- only ever INSERT, so concurrent movements never wait on each other; compaction folds the
-- deltas into the totals under a per-tenant advisory lock. On a delete, rows of a tenant that
-- is itself being deleted are skipped (its summary rows go with it by cascade).
CREATE OR REPLACE FUNCTION card_balance_summary_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO card_balance_deltas (tenant_id, store_id, balance_cents, cards_with_balance)
      SELECT tenant_id, coalesce(store_id, '00000000-0000-0000-0000-000000000000'), sum(balance_cents), count(*)
      FROM new_rows WHERE balance_cents > 0 GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO card_balance_deltas (tenant_id, store_id, balance_cents, cards_with_balance)
      SELECT o.tenant_id, coalesce(o.store_id, '00000000-0000-0000-0000-000000000000'), -sum(o.balance_cents), -count(*)
      FROM old_rows o WHERE o.balance_cents > 0 AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = o.tenant_id) GROUP BY 1, 2;
  ELSE
    INSERT INTO card_balance_deltas (tenant_id, store_id, balance_cents, cards_with_balance)
      SELECT tenant_id, store_id, sum(cents), sum(n) FROM (
        SELECT n.tenant_id, coalesce(n.store_id, '00000000-0000-0000-0000-000000000000') AS store_id, n.balance_cents AS cents, (n.balance_cents > 0)::int AS n
          FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
         WHERE o.balance_cents <> n.balance_cents OR o.store_id IS DISTINCT FROM n.store_id
        UNION ALL
        SELECT o.tenant_id, coalesce(o.store_id, '00000000-0000-0000-0000-000000000000'), -o.balance_cents, -(o.balance_cents > 0)::int
          FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
         WHERE o.balance_cents <> n.balance_cents OR o.store_id IS DISTINCT FROM n.store_id
      ) c GROUP BY 1, 2 HAVING sum(cents) <> 0 OR sum(n) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cards_balance_summary_insert AFTER INSERT ON cards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION card_balance_summary_changed();--> statement-breakpoint
CREATE TRIGGER cards_balance_summary_update AFTER UPDATE ON cards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION card_balance_summary_changed();--> statement-breakpoint
CREATE TRIGGER cards_balance_summary_delete AFTER DELETE ON cards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION card_balance_summary_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lot_summary_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lot_total_deltas (tenant_id, credited_hour, expires_at, remaining_cents)
      SELECT tenant_id, date_trunc('hour', credited_at, 'UTC'), coalesce(expires_at, 'infinity'), sum(remaining_cents)
      FROM new_rows WHERE remaining_cents > 0 GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lot_total_deltas (tenant_id, credited_hour, expires_at, remaining_cents)
      SELECT o.tenant_id, date_trunc('hour', o.credited_at, 'UTC'), coalesce(o.expires_at, 'infinity'), -sum(o.remaining_cents)
      FROM old_rows o WHERE o.remaining_cents > 0 AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = o.tenant_id) GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO lot_total_deltas (tenant_id, credited_hour, expires_at, remaining_cents)
      SELECT tenant_id, credited_hour, expires_at, sum(cents) FROM (
        SELECT n.tenant_id, date_trunc('hour', n.credited_at, 'UTC') AS credited_hour, coalesce(n.expires_at, 'infinity') AS expires_at, n.remaining_cents AS cents
          FROM new_rows n
        UNION ALL
        SELECT o.tenant_id, date_trunc('hour', o.credited_at, 'UTC'), coalesce(o.expires_at, 'infinity'), -o.remaining_cents
          FROM old_rows o
      ) c GROUP BY 1, 2, 3 HAVING sum(cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cashback_lots_summary_insert AFTER INSERT ON cashback_lots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_summary_changed();--> statement-breakpoint
CREATE TRIGGER cashback_lots_summary_update AFTER UPDATE ON cashback_lots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_summary_changed();--> statement-breakpoint
CREATE TRIGGER cashback_lots_summary_delete AFTER DELETE ON cashback_lots REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_summary_changed();--> statement-breakpoint
INSERT INTO card_balance_totals (tenant_id, store_id, balance_cents, cards_with_balance)
SELECT tenant_id, coalesce(store_id, '00000000-0000-0000-0000-000000000000'), sum(balance_cents), count(*)
FROM cards WHERE balance_cents > 0 GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO lot_totals (tenant_id, credited_hour, expires_at, remaining_cents)
SELECT tenant_id, date_trunc('hour', credited_at, 'UTC'), coalesce(expires_at, 'infinity'), sum(remaining_cents)
FROM cashback_lots WHERE remaining_cents > 0 GROUP BY 1, 2, 3;
