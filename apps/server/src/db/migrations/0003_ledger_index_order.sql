DROP INDEX "transactions_tenant_created_idx";--> statement-breakpoint
DROP INDEX "transactions_tenant_card_idx";--> statement-breakpoint
DROP INDEX "transactions_tenant_customer_idx";--> statement-breakpoint
CREATE INDEX "transactions_tenant_created_idx" ON "transactions" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","category","store_id");--> statement-breakpoint
CREATE INDEX "transactions_tenant_card_idx" ON "transactions" USING btree ("tenant_id","card_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_tenant_customer_idx" ON "transactions" USING btree ("tenant_id","customer_id","created_at" DESC NULLS FIRST);