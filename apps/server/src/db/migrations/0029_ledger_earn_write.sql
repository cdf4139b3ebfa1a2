-- hand-written below
-- The earn's write as a ledger database function (ADR 0028, docs/performance.md 'The till's
-- statements'). Until now the write was one large statement built by the client (about 35
-- parameters, parsed and planned on every earn) from SQL fragments of the audit, rules,
-- tenants and idempotency code. A PL/pgSQL function plans its statements once per connection,
-- and the fragments are gone: this migration is now the one place that writes an earn.
-- Called only by modules/ledger (earn.ts; lots.ts for ledger_lot_expiry).

-- ledger_lot_expiry: when a lot credited at p_credited_at expires under the tenant's expiry
-- rule (docs/product.md 'Expiry', ADR 0015): AFTER_EARN -> local midnight `days` days after the
-- credit's local date in the tenant's time zone (PostgreSQL's zone maths, so a daylight-saving
-- change moves nothing); NEVER (no AFTER_EARN row) -> null. Reads expiry_rules (rules module)
-- and tenants.timezone (tenants module).
CREATE OR REPLACE FUNCTION ledger_lot_expiry(p_tenant uuid, p_credited_at timestamptz)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_expires timestamptz;
BEGIN
  SELECT (((p_credited_at AT TIME ZONE t.timezone)::date + r.days)::timestamp AT TIME ZONE t.timezone) INTO v_expires
    FROM expiry_rules r JOIN tenants t ON t.id = r.tenant_id
    WHERE r.tenant_id = p_tenant AND r.policy = 'AFTER_EARN';
  RETURN v_expires;
END
$$;
--> statement-breakpoint
-- ledger_earn_write: the earn's whole write, after ledger_earn_open claimed the key and locked
-- the card p_card and its holder p_customer in the same transaction. Sets the card's balance to
-- p_after (cents); records the purchase on the holder (total spend p_total_spend, tier p_tier,
-- ADR 0003); appends the EARN row p_id (booked to p_store; amount p_amount, cashback p_cashback,
-- before/after balances, cents); opens the cashback's lot when p_cashback > 0, expiring at
-- ledger_lot_expiry (ADR 0015); stores p_answer as the key's answer (status 200, ADR 0004); and
-- writes the audit row (ADR 0025) with the actor p_user/p_api_key/p_ip and the typed event
-- p_action/p_entity/p_audit_before/p_audit_after built by the caller (ADR 0032). All in the
-- caller's transaction: nothing commits unless all of it does.
CREATE OR REPLACE FUNCTION ledger_earn_write(
  p_tenant uuid, p_key text, p_id uuid, p_card uuid, p_customer uuid, p_store uuid, p_user uuid, p_api_key uuid,
  p_category text, p_amount bigint, p_cashback bigint, p_before bigint, p_after bigint, p_note text,
  p_total_spend bigint, p_tier text, p_answer jsonb,
  p_ip text, p_action text, p_entity text, p_audit_before jsonb, p_audit_after jsonb
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_at timestamptz;
BEGIN
  UPDATE cards SET balance_cents = p_after WHERE tenant_id = p_tenant AND id = p_card;
  UPDATE customers SET total_spend_cents = p_total_spend, tier = p_tier WHERE tenant_id = p_tenant AND id = p_customer;
  INSERT INTO transactions (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note)
    VALUES (p_tenant, p_id, p_card, p_customer, p_store, p_user, p_api_key, 'EARN', p_category, p_amount, p_cashback, p_before, p_after, p_note)
    RETURNING created_at INTO v_at;
  IF p_cashback > 0 THEN
    INSERT INTO cashback_lots (tenant_id, card_id, source_transaction_id, credited_at, expires_at, amount_cents, remaining_cents)
      VALUES (p_tenant, p_card, p_id, v_at, ledger_lot_expiry(p_tenant, v_at), p_cashback, p_cashback);
  END IF;
  UPDATE idempotency_keys SET response_status = 200, response_body = p_answer WHERE tenant_id = p_tenant AND key = p_key;
  INSERT INTO audit_log (tenant_id, user_id, api_key_id, ip, action, entity, entity_id, before, after)
    VALUES (p_tenant, p_user, p_api_key, p_ip, p_action, p_entity, p_id::text, p_audit_before, p_audit_after);
END
$$;
