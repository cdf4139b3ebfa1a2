CREATE TABLE "wallet_registrations" (
	"tenant_id" uuid NOT NULL,
	"pass_id" uuid NOT NULL,
	"device_library_identifier" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_tenant_id_pass_id_device_library_identifier_pk" PRIMARY KEY("tenant_id","pass_id","device_library_identifier")
);
--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_pass_fk" FOREIGN KEY ("tenant_id","pass_id") REFERENCES "public"."wallet_passes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_registrations_device_idx" ON "wallet_registrations" USING btree ("device_library_identifier");--> statement-breakpoint
-- What an Apple pass shows changed (modules/wallet, ADR 0046): its card's balance, status,
-- holder or store, or its holder's name or tier. Row triggers with a WHEN clause: a movement of
-- a card without passes costs one index probe of wallet_passes. clock_timestamp(), not now():
-- the statement's own instant, as close to the commit as the trigger can see.
CREATE OR REPLACE FUNCTION wallet_passes_of_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes SET updated_at = clock_timestamp() WHERE tenant_id = NEW.tenant_id AND card_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cards_wallet_passes_changed AFTER UPDATE ON cards FOR EACH ROW
  WHEN (OLD.balance_cents IS DISTINCT FROM NEW.balance_cents OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.store_id IS DISTINCT FROM NEW.store_id)
  EXECUTE FUNCTION wallet_passes_of_card_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_passes_of_customer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes p SET updated_at = clock_timestamp()
    FROM cards c WHERE c.tenant_id = NEW.tenant_id AND c.customer_id = NEW.id AND p.tenant_id = c.tenant_id AND p.card_id = c.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_wallet_passes_changed AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.tier IS DISTINCT FROM NEW.tier OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION wallet_passes_of_customer_changed();
