ALTER TABLE "transactions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
-- hand-written below
-- ledger_earn_write (migration 0029) takes the time an earn made offline happened
-- (docs/product.md 'Offline till', ADR 0051): p_occurred_at, null for an earn made online. The
-- row's created_at is that time, so the day is booked by it (the rollup trigger of migration 0002
-- reopens a day already rolled up) and its lot is credited then; received_at keeps the arrival.
DROP FUNCTION ledger_earn_write(uuid, text, uuid, uuid, uuid, uuid, uuid, uuid, text, bigint, bigint, bigint, bigint, text, bigint, text, jsonb, text, text, text, jsonb, jsonb);--> statement-breakpoint
CREATE FUNCTION ledger_earn_write(
  p_tenant uuid, p_key text, p_id uuid, p_card uuid, p_customer uuid, p_store uuid, p_user uuid, p_api_key uuid,
  p_category text, p_amount bigint, p_cashback bigint, p_before bigint, p_after bigint, p_note text,
  p_total_spend bigint, p_tier text, p_answer jsonb,
  p_ip text, p_action text, p_entity text, p_audit_before jsonb, p_audit_after jsonb, p_occurred_at timestamptz
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_at timestamptz;
BEGIN
  UPDATE cards SET balance_cents = p_after WHERE tenant_id = p_tenant AND id = p_card;
  UPDATE customers SET total_spend_cents = p_total_spend, tier = p_tier WHERE tenant_id = p_tenant AND id = p_customer;
  INSERT INTO transactions (tenant_id, id, card_id, customer_id, store_id, user_id, api_key_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, note, created_at, received_at)
    VALUES (p_tenant, p_id, p_card, p_customer, p_store, p_user, p_api_key, 'EARN', p_category, p_amount, p_cashback, p_before, p_after, p_note,
      coalesce(p_occurred_at, now()), CASE WHEN p_occurred_at IS NOT NULL THEN now() END)
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
