-- hand-written below
-- The ledger's database functions (ADR 0028, docs/performance.md 'The till's statements'): the
-- till's earn and redeem in fewer round trips, every guarantee kept. Each statement inside a
-- VOLATILE PL/pgSQL function takes its own snapshot (READ COMMITTED), so a read placed after a
-- lock sees every change committed while the function waited for that lock, exactly as a
-- separate statement from the client would. Called only by modules/ledger (earn.ts, redeem.ts).

-- ledger_earn_open: the earn's first statement. Claims the Idempotency-Key in the caller's
-- transaction (ADR 0004); on a key already there, returns {replay: {hash, status, body}} and
-- locks nothing. Else locks the ACTIVE card, then its holder (lock order card -> customer),
-- and only then, in statements of their own, reads the programme at p_at (cashback rules, tier
-- rules, offers running at p_at: a tier change committed while this waited is seen, ADR 0007),
-- whether p_store is one of the tenant's stores, and the webhook events the tenant's enabled
-- endpoints subscribe to. Returns {card: null} when there is no ACTIVE card with a holder (the
-- caller explains why and rolls back, which frees the key).
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
  SELECT tier, total_spend_cents INTO h FROM customers WHERE tenant_id = p_tenant AND id = c.customer_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('card', null);
  END IF;
  -- After both locks: a statement of its own, with a snapshot taken now.
  RETURN jsonb_build_object(
    'card', jsonb_build_object('id', c.id, 'balanceCents', c.balance_cents, 'customerId', c.customer_id, 'storeId', c.store_id),
    'holder', jsonb_build_object('tier', h.tier, 'totalSpendCents', h.total_spend_cents),
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
--> statement-breakpoint
-- ledger_redeem: the whole redeem in one call. Claims the Idempotency-Key (ADR 0004; on a key
-- already there returns {replay: ...} and moves nothing); refuses an unknown p_store
-- ({refused: 'store'}); then ONE statement debits the ACTIVE card only if it holds p_amount
-- (the guarded UPDATE, which also serialises concurrent redeems on the row), appends the REDEEM
-- row p_id (booked to p_store, else the card's store), stores the answer with the key and writes
-- the audit row (ADR 0025: the audit row in the movement's own statement); no row: {refused:
-- 'card'} (the caller explains why and rolls back). Then, in a statement of its own after the
-- card's lock, takes p_amount off the card's oldest open lots (ADR 0015: every committed lot
-- change is seen). Returns {id, cardId, storeId, balanceCents (after), events (the webhook
-- events the tenant's enabled endpoints subscribe to)}.
CREATE OR REPLACE FUNCTION ledger_redeem(
  p_tenant uuid, p_key text, p_hash text, p_card_uid text, p_store uuid, p_amount bigint, p_id uuid,
  p_user uuid, p_api_key uuid, p_ip text, p_note text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  d record;
BEGIN
  INSERT INTO idempotency_keys (tenant_id, key, request_hash) VALUES (p_tenant, p_key, p_hash) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT request_hash, response_status, response_body INTO k FROM idempotency_keys WHERE tenant_id = p_tenant AND key = p_key;
    RETURN jsonb_build_object('replay', jsonb_build_object('hash', k.request_hash, 'status', k.response_status, 'body', k.response_body));
  END IF;
  IF p_store IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stores WHERE tenant_id = p_tenant AND id = p_store) THEN
    RETURN jsonb_build_object('refused', 'store');
  END IF;
  WITH debit AS (
      UPDATE cards SET balance_cents = balance_cents - p_amount
      WHERE tenant_id = p_tenant AND card_uid = p_card_uid AND status = 'ACTIVE' AND balance_cents >= p_amount
      RETURNING id, customer_id, store_id, balance_cents),
    saved AS (
      UPDATE idempotency_keys SET response_status = 200,
        response_body = (SELECT jsonb_build_object('transactionId', p_id::text, 'newBalance', balance_cents, 'amountRedeemed', p_amount) FROM debit)
      WHERE tenant_id = p_tenant AND key = p_key AND EXISTS (SELECT 1 FROM debit)),
    audit AS (
      INSERT INTO audit_log (tenant_id, user_id, api_key_id, ip, action, entity, entity_id, before, after)
      SELECT p_tenant, p_user, p_api_key, p_ip, 'transaction.redeem', 'transaction', p_id::text,
        jsonb_build_object('cardUid', p_card_uid, 'balanceCents', debit.balance_cents + p_amount),
        jsonb_build_object('cardUid', p_card_uid, 'amountCents', p_amount, 'balanceCents', debit.balance_cents)
      FROM debit)
  INSERT INTO transactions (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
    SELECT p_tenant, p_id, debit.id, debit.customer_id, coalesce(p_store, debit.store_id), p_user, p_api_key, 'REDEEM', null, p_amount, 0, debit.balance_cents + p_amount, debit.balance_cents, p_note
    FROM debit
    RETURNING id, card_id, store_id, after_balance_cents INTO d;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refused', 'card');
  END IF;
  -- After the card's lock (taken by the debit): the oldest open lots first.
  WITH open AS (
      SELECT id, remaining_cents, sum(remaining_cents) OVER (ORDER BY credited_at, id) AS running
      FROM cashback_lots WHERE tenant_id = p_tenant AND card_id = d.card_id AND remaining_cents > 0)
  UPDATE cashback_lots l SET remaining_cents = least(o.remaining_cents, greatest(0, o.running - p_amount))
    FROM open o
    WHERE l.tenant_id = p_tenant AND l.id = o.id AND o.running - o.remaining_cents < p_amount;
  RETURN jsonb_build_object(
    'id', d.id, 'cardId', d.card_id, 'storeId', d.store_id, 'balanceCents', d.after_balance_cents,
    'events', (SELECT coalesce(jsonb_agg(DISTINCT e), '[]'::jsonb) FROM webhook_endpoints w, unnest(w.events) e WHERE w.tenant_id = p_tenant AND w.enabled)
  );
END
$$;
