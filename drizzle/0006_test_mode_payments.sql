ALTER TABLE "donations" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Payments taken before this column existed: the test provider's moved no money.
UPDATE "payments" SET "livemode" = false WHERE "provider" = 'test';--> statement-breakpoint
UPDATE "membership_applications" SET "test_mode" = true WHERE "id"::text IN (SELECT "reference_id" FROM "payments" WHERE NOT "livemode");--> statement-breakpoint
UPDATE "donations" SET "test_mode" = true WHERE "id"::text IN (SELECT "reference_id" FROM "payments" WHERE NOT "livemode");
