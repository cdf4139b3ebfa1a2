CREATE TABLE "ledger_daily_totals" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"store_id" uuid,
	"type" text NOT NULL,
	"category" text,
	"tx_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"cashback_cents" bigint NOT NULL,
	CONSTRAINT "ledger_daily_totals_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","day","store_id","type","category")
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_state" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"rolled_until" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_tenant_created_idx";--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_rollup_state" ADD CONSTRAINT "ledger_rollup_state_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_tenant_created_idx" ON "cards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_tenant_created_idx" ON "transactions" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"type","category","store_id");