CREATE TABLE "win_back_offers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"bonus_cents" bigint NOT NULL,
	CONSTRAINT "win_back_offers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "win_back_offers" ADD CONSTRAINT "win_back_offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "win_back_offers" ADD CONSTRAINT "win_back_offers_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "win_back_offers_customer_idx" ON "win_back_offers" USING btree ("tenant_id","customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "win_back_offers_sent_idx" ON "win_back_offers" USING btree ("tenant_id","sent_at");