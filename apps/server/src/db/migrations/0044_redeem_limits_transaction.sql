-- ledger_redeem (migration 0031) in its own-transaction mode also answers needsTransaction when
-- the business has a redemption velocity limit on (docs/product.md 'Velocity limits', ADR 0050):
-- the redeem then runs in a transaction that checks the limits after the write. A redeem with no
-- limit, no receipt and no subscribed endpoint stays one statement, with no read of the limits
-- of its own.
CREATE OR REPLACE FUNCTION ledger_redeem(
  p_tenant uuid, p_key text, p_hash text, p_card_uid text, p_store uuid, p_amount bigint, p_id uuid,
  p_user uuid, p_api_key uuid, p_ip text, p_note text, p_single boolean
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  d record;
BEGIN
  IF p_single AND (EXISTS (
      SELECT 1 FROM webhook_endpoints WHERE tenant_id = p_tenant AND enabled AND 'transaction.created' = ANY(events))
    OR EXISTS (
      SELECT 1 FROM velocity_limits WHERE tenant_id = p_tenant
        AND ((settings -> 'cardRedeemPerDay' ->> 'enabled') = 'true' OR (settings -> 'staffRedeemPerDay' ->> 'enabled') = 'true'))) THEN
    RETURN jsonb_build_object('needsTransaction', true);
  END IF;
  -- A key already answered: the replay. A key claimed by a redeem still running is not seen
  -- here; that redeem's row lock on the card then orders the two, and this one's INSERT of the
  -- key below conflicts and aborts the statement (key_taken), moving nothing.
  SELECT request_hash, response_status, response_body INTO k FROM idempotency_keys WHERE tenant_id = p_tenant AND key = p_key;
  IF FOUND THEN
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
      INSERT INTO idempotency_keys (tenant_id, key, request_hash, response_status, response_body)
        SELECT p_tenant, p_key, p_hash, 200, jsonb_build_object('transactionId', p_id::text, 'newBalance', balance_cents, 'amountRedeemed', p_amount)
        FROM debit
      ON CONFLICT DO NOTHING
      RETURNING 1),
    audit AS (
      INSERT INTO audit_log (tenant_id, user_id, api_key_id, ip, action, entity, entity_id, before, after)
      SELECT p_tenant, p_user, p_api_key, p_ip, 'transaction.redeem', 'transaction', p_id::text,
        jsonb_build_object('cardUid', p_card_uid, 'balanceCents', debit.balance_cents + p_amount),
        jsonb_build_object('cardUid', p_card_uid, 'amountCents', p_amount, 'balanceCents', debit.balance_cents)
      FROM debit)
  INSERT INTO transactions (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
    SELECT p_tenant, p_id, debit.id, debit.customer_id, coalesce(p_store, debit.store_id), p_user, p_api_key, 'REDEEM', null, p_amount, 0, debit.balance_cents + p_amount, debit.balance_cents, p_note
    FROM debit
    RETURNING id, card_id, store_id, after_balance_cents, EXISTS (SELECT 1 FROM saved) AS key_saved INTO d;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refused', 'card');
  END IF;
  IF NOT d.key_saved THEN
    -- Another redeem with this key committed first: undo this one's writes; the caller replays.
    RAISE EXCEPTION 'ledger_redeem: idempotency key taken' USING ERRCODE = 'LR001';
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
    'events', CASE WHEN p_single THEN '[]'::jsonb
      ELSE (SELECT coalesce(jsonb_agg(DISTINCT e), '[]'::jsonb) FROM webhook_endpoints w, unnest(w.events) e WHERE w.tenant_id = p_tenant AND w.enabled) END
  );
END
$$;
