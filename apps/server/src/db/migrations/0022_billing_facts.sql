ALTER TABLE "tenants" ADD COLUMN "subscription_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "unpaid_period_end" timestamp with time zone;--> statement-breakpoint
-- hand-written below
-- A subscription already ended by a customer.subscription.deleted webhook (its 'canceled'
-- subscription event names it) stays ended: a late invoice.paid of it must not reactivate the
-- tenant (ADR 0021).
UPDATE "tenants" AS t SET "subscription_ended_at" = e.ended_at
FROM (
  SELECT "tenant_id", "data"->>'subscriptionId' AS subscription_id, max("created_at") AS ended_at
  FROM "subscription_events" WHERE "event_type" = 'canceled' GROUP BY 1, 2
) AS e
WHERE e.tenant_id = t.id AND e.subscription_id = t.provider_subscription_id AND t.subscription_status = 'CANCELED';
