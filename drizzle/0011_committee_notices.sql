ALTER TABLE "site_settings" ADD COLUMN "committee_emails" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "committee_digest" boolean DEFAULT false NOT NULL;