ALTER TABLE "transactions" ADD COLUMN "reverses_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "unrecovered_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reverses_fk" FOREIGN KEY ("tenant_id","reverses_transaction_id") REFERENCES "public"."transactions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_reverses_idx" ON "transactions" USING btree ("tenant_id","reverses_transaction_id") WHERE reverses_transaction_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_void_uq" ON "transactions" USING btree ("tenant_id","reverses_transaction_id") WHERE type = 'VOID';--> statement-breakpoint
-- docs/product.md 'Add funds': money paid online is its own ledger type, ADD_FUNDS, apart from an owner's ADJUST
-- (the liability report separates addedFundsCents from adjustedCents). Add-funds credits were
-- written as ADJUST rows with the note 'Added funds online' (add-funds/service.ts ADD_FUNDS_NOTE).
-- The daily rollup of the tenants concerned is rebuilt lazily from the ledger (ADR 0006).
UPDATE "ledger_rollup_state" SET "rolled_until" = '-infinity', "updated_at" = now()
 WHERE "tenant_id" IN (SELECT DISTINCT "tenant_id" FROM "transactions" WHERE "type" = 'ADJUST' AND "note" = 'Added funds online');--> statement-breakpoint
UPDATE "transactions" SET "type" = 'ADD_FUNDS' WHERE "type" = 'ADJUST' AND "note" = 'Added funds online';
