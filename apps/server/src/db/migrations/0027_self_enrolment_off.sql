ALTER TABLE "stores" ALTER COLUMN "self_enrolment" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "self_enrolment_daily_cap" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_self_enrolment_daily_cap_range" CHECK ("stores"."self_enrolment_daily_cap" between 1 and 1000);--> statement-breakpoint
-- hand-written below
-- Online sign-up becomes opt-in (ADR 0027). Poster downloads were never recorded (no audit row,
-- no column), so the one trace that a store's join page was put in front of customers is a
-- sign-up through it: a store keeps sign-ups on only when an enrolment request (pending or
-- confirmed) names it; every other store is switched off until its Store Admin turns it on.
UPDATE "stores" SET "self_enrolment" = false
WHERE "self_enrolment" AND NOT EXISTS (
  SELECT 1 FROM "enrolment_requests" e WHERE e."tenant_id" = "stores"."tenant_id" AND e."store_id" = "stores"."id"
);
