CREATE TABLE "tenant_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	"active_cards" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_counters" ADD CONSTRAINT "tenant_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;