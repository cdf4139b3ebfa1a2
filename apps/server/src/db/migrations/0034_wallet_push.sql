ALTER TABLE "wallet_passes" ADD COLUMN "pushed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD COLUMN "push_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD COLUMN "push_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wallet_passes_due_idx" ON "wallet_passes" USING btree ("updated_at") WHERE "wallet_passes"."updated_at" > "wallet_passes"."pushed_at";