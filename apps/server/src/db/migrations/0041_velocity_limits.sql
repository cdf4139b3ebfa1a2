CREATE TABLE "risk_flags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"limit_key" text NOT NULL,
	"limit_value" bigint NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"card_id" uuid NOT NULL,
	"customer_id" uuid,
	"user_id" uuid,
	"store_id" uuid,
	"movements" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "risk_flags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "velocity_limits" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "velocity_limits" ADD CONSTRAINT "velocity_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flags_subject_day_uq" ON "risk_flags" USING btree ("tenant_id","limit_key","subject","day");--> statement-breakpoint
CREATE INDEX "risk_flags_tenant_status_idx" ON "risk_flags" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "risk_flags_card_day_idx" ON "risk_flags" USING btree ("tenant_id","card_id","day");--> statement-breakpoint
CREATE INDEX "transactions_user_redeem_idx" ON "transactions" USING btree ("tenant_id","user_id","created_at") WHERE type = 'REDEEM' and user_id is not null;--> statement-breakpoint
-- hand-written below
-- ledger_earn_open (migrations 0028, 0038) also answers the business's velocity limits
-- (docs/product.md 'Velocity limits', ADR 0050), read after the card's lock like the programme,
-- so the earn checks them against the card's day with no statement of its own when they are off.
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
    'limits', (SELECT settings FROM velocity_limits WHERE tenant_id = p_tenant),
    'storeFound', p_store IS NULL OR EXISTS (SELECT 1 FROM stores WHERE tenant_id = p_tenant AND id = p_store),
    'events', (SELECT coalesce(jsonb_agg(DISTINCT e), '[]'::jsonb) FROM webhook_endpoints w, unnest(w.events) e WHERE w.tenant_id = p_tenant AND w.enabled)
  );
END
$$;
