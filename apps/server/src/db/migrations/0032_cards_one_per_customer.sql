-- A customer holds at most one card (docs/product.md 'Cards', ADR 0045): activation already
-- refuses a customer who has one, under the customer's row lock; the unique index makes it a
-- rule of the table. It serves the lookups of the index it replaces (same columns).
DROP INDEX "cards_tenant_customer_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "cards_tenant_customer_uq" ON "cards" USING btree ("tenant_id","customer_id");