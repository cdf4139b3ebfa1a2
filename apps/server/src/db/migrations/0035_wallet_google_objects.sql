CREATE TABLE "wallet_google_objects" (
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"issuer_id" text NOT NULL,
	"object_id" text NOT NULL,
	"class_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"push_retry_at" timestamp with time zone,
	CONSTRAINT "wallet_google_objects_tenant_id_card_id_pk" PRIMARY KEY("tenant_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_google_objects" ADD CONSTRAINT "wallet_google_objects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_google_objects" ADD CONSTRAINT "wallet_google_objects_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_google_objects_due_idx" ON "wallet_google_objects" USING btree ("updated_at") WHERE "wallet_google_objects"."updated_at" > "wallet_google_objects"."pushed_at";--> statement-breakpoint
-- A card's Google Wallet object changes with its Apple passes (migration 0033, ADR 0047): the
-- same triggers now move both. A movement of a card without either costs two index probes.
CREATE OR REPLACE FUNCTION wallet_passes_of_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes SET updated_at = clock_timestamp() WHERE tenant_id = NEW.tenant_id AND card_id = NEW.id;
  UPDATE wallet_google_objects SET updated_at = clock_timestamp() WHERE tenant_id = NEW.tenant_id AND card_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_passes_of_customer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes p SET updated_at = clock_timestamp()
    FROM cards c WHERE c.tenant_id = NEW.tenant_id AND c.customer_id = NEW.id AND p.tenant_id = c.tenant_id AND p.card_id = c.id;
  UPDATE wallet_google_objects g SET updated_at = clock_timestamp()
    FROM cards c WHERE c.tenant_id = NEW.tenant_id AND c.customer_id = NEW.id AND g.tenant_id = c.tenant_id AND g.card_id = c.id;
  RETURN NULL;
END
$$;
