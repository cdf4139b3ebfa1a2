CREATE TABLE "checkout_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"customer_id" uuid,
	"card_id" uuid,
	"card_order_id" uuid,
	"provider_session_id" text,
	"provider_payment_id" text,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "checkout_sessions_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "purchased_cards" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "card_order_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_order_idx" ON "checkout_sessions" USING btree ("tenant_id","card_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_idx" ON "invoices" USING btree ("tenant_id","provider_invoice_id");