CREATE TABLE "wallet_branding" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"program_name" text,
	"background_color" text NOT NULL,
	"foreground_color" text NOT NULL,
	"label_color" text NOT NULL,
	"terms" text,
	"logo_png" "bytea",
	"logo_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"google_class_pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD CONSTRAINT "wallet_branding_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;