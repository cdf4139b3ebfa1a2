ALTER TABLE "wallet_branding" ADD COLUMN "apple_pass_type_id" text;--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD COLUMN "apple_team_id" text;--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD COLUMN "apple_cert_pem" text;--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD COLUMN "apple_wwdr_pem" text;--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD COLUMN "apple_key_sealed" text;--> statement-breakpoint
ALTER TABLE "wallet_branding" ADD COLUMN "apple_cert_expires_at" timestamp with time zone;