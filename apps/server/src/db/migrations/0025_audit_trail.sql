DROP INDEX "audit_log_tenant_created_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_action_idx" ON "audit_log" USING btree ("tenant_id","action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_actor_idx" ON "audit_log" USING btree ("tenant_id",coalesce("user_id", "api_key_id"),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
-- hand-written below
-- Audit rows written by an /api/v1 API key before the api_key_id column existed kept the key in after.apiKeyId.
UPDATE "audit_log" SET "api_key_id" = ("after"->>'apiKeyId')::uuid WHERE "api_key_id" IS NULL AND jsonb_typeof("after") = 'object' AND "after" ? 'apiKeyId';
