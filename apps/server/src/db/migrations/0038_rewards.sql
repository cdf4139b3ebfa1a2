-- hand-written: the referral code every customer has (docs/product.md 'Rewards'): 8 characters
-- of Crockford's base32, made by the database so that every way a customer is created gets one
-- (a unique index per tenant refuses the rare repeat). Not a secret: a code is shared on purpose.
CREATE OR REPLACE FUNCTION referral_code_new() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 32)::int, 1), '') FROM generate_series(1, 8)
$$;
--> statement-breakpoint
CREATE TABLE "reward_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referral_code" text DEFAULT referral_code_new() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referred_by_customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "referral_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday_month" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday_day" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birth_year" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birthday_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "win_back_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "win_back_cents" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "win_back_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reward_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "for_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "enrolment_requests" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "reward_settings" ADD CONSTRAINT "reward_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_referral_code_uq" ON "customers" USING btree ("tenant_id","referral_code");--> statement-breakpoint
CREATE INDEX "customers_tenant_referred_by_idx" ON "customers" USING btree ("tenant_id","referred_by_customer_id") WHERE referred_by_customer_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reward_key_uq" ON "transactions" USING btree ("tenant_id","reward_key") WHERE reward_key is not null;--> statement-breakpoint
CREATE INDEX "transactions_for_transaction_idx" ON "transactions" USING btree ("tenant_id","for_transaction_id") WHERE for_transaction_id is not null;--> statement-breakpoint
-- hand-written below
-- ledger_earn_open (migration 0028) also answers whether the holder may have a reward due with
-- this purchase (docs/product.md 'Rewards'): a referral not yet settled, or a win-back offer
-- whose window is open at p_at. Only then does the earn read the reward settings (ADR 0049).
CREATE OR REPLACE FUNCTION ledger_earn_open(p_tenant uuid, p_key text, p_hash text, p_card_uid text, p_store uuid, p_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  c record;
  h record;
BEGIN
  INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT request_hash, response_status, response_body INTO k FROM idempotency_keys WHERE tenant_id = p_tenant AND key = p_key;
    RETURN jsonb_build_object('replay', jsonb_build_object('hash', k.request_hash, 'status', k.response_status, 'body', k.response_body));
  END IF;
  SELECT id, balance_cents, customer_id, store_id INTO c FROM cards
    WHERE tenant_id = p_tenant AND card_uid = p_card_uid AND status = 'ACTIVE' FOR UPDATE;
  IF NOT FOUND OR c.customer_id IS NULL THEN
    RETURN jsonb_build_object('card', null);
  END IF;
  SELECT tier, total_spend_cents, referred_by_customer_id IS NOT NULL AND referral_settled_at IS NULL AS referral_due,
      win_back_until >= p_at AS win_back_due
    INTO h FROM customers WHERE tenant_id = p_tenant AND id = c.customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('card', null);
  END IF;
  -- After both locks: a statement of its own, with a snapshot taken now.
  RETURN jsonb_build_object(
    'card', jsonb_build_object('id', c.id, 'balanceCents', c.balance_cents, 'customerId', c.customer_id, 'storeId', c.store_id),
    'holder', jsonb_build_object('tier', h.tier, 'totalSpendCents', h.total_spend_cents, 'rewardDue', h.referral_due OR coalesce(h.win_back_due, false)),
    'cashback', (SELECT coalesce(jsonb_agg(jsonb_build_object('category', category, 'baseRateBps', base_rate_bps, 'isActive', is_active)), '[]'::jsonb)
      FROM cashback_rules WHERE tenant_id = p_tenant),
    'tiers', (SELECT coalesce(jsonb_agg(jsonb_build_object('tier', tier, 'minTotalSpendCents', min_total_spend_cents, 'baseRateBps', base_rate_bps, 'isActive', is_active)), '[]'::jsonb)
      FROM tier_rules WHERE tenant_id = p_tenant),
    'offers', (SELECT coalesce(jsonb_agg(jsonb_build_object('rateMultiplierBps', rate_multiplier_bps, 'startAt', start_at, 'endAt', end_at, 'isActive', is_active)), '[]'::jsonb)
      FROM offers WHERE tenant_id = p_tenant AND is_active AND start_at <= p_at AND end_at >= p_at),
    'storeFound', p_store IS NULL OR EXISTS (SELECT 1 FROM stores WHERE tenant_id = p_tenant AND id = p_store),
    'events', (SELECT coalesce(jsonb_agg(DISTINCT e), '[]'::jsonb) FROM webhook_endpoints w, unnest(w.events) e WHERE w.tenant_id = p_tenant AND w.enabled)
  );
END
$$;
