CREATE TABLE "cashback_lots" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"source_transaction_id" uuid NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	CONSTRAINT "cashback_lots_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cashback_lots_remaining_range" CHECK (remaining_cents >= 0 and remaining_cents <= amount_cents)
);
--> statement-breakpoint
CREATE TABLE "expiry_rules" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"policy" text DEFAULT 'NEVER' NOT NULL,
	"days" integer DEFAULT 365 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_lots" ADD CONSTRAINT "cashback_lots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_lots" ADD CONSTRAINT "cashback_lots_tenant_id_card_id_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_lots" ADD CONSTRAINT "cashback_lots_tenant_id_source_transaction_id_transactions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","source_transaction_id") REFERENCES "public"."transactions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expiry_rules" ADD CONSTRAINT "expiry_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_lots_open_idx" ON "cashback_lots" USING btree ("tenant_id","card_id","credited_at","id") WHERE remaining_cents > 0;--> statement-breakpoint
CREATE INDEX "cashback_lots_due_idx" ON "cashback_lots" USING btree ("expires_at") WHERE remaining_cents > 0 and expires_at is not null;--> statement-breakpoint
CREATE INDEX "cashback_lots_tenant_open_idx" ON "cashback_lots" USING btree ("tenant_id","credited_at") WHERE remaining_cents > 0;--> statement-breakpoint
-- ADR 0015: the lots of the balances that exist already. Debits have always taken
-- the oldest credit first in effect, so what a card still holds is its newest credits: walk
-- each card's credit rows (after > before) newest first and keep them until they add up to the
-- balance, the oldest kept one only in part. No expiry: every tenant starts on NEVER.
INSERT INTO "cashback_lots" ("tenant_id", "card_id", "source_transaction_id", "credited_at", "expires_at", "amount_cents", "remaining_cents")
SELECT x.tenant_id, x.card_id, x.id, x.created_at, NULL, x.credit, LEAST(x.credit, x.balance - x.newer)
FROM (
  SELECT t.tenant_id, t.card_id, t.id, t.created_at, t.after_balance_cents - t.before_balance_cents AS credit, c.balance_cents AS balance,
         COALESCE(SUM(t.after_balance_cents - t.before_balance_cents) OVER (
           PARTITION BY t.tenant_id, t.card_id ORDER BY t.created_at DESC, t.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
  FROM "transactions" t JOIN "cards" c ON c.tenant_id = t.tenant_id AND c.id = t.card_id
  WHERE t.after_balance_cents > t.before_balance_cents AND c.balance_cents > 0
) x
WHERE x.newer < x.balance;
