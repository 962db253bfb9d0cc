ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "auto_renewal" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "renewal_provider" text;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "renewal_subscription_id" text;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "renewal_customer_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_applications_renewal_subscription_unique" ON "membership_applications" USING btree ("renewal_subscription_id");--> statement-breakpoint
CREATE INDEX "membership_applications_auto_renewal_idx" ON "membership_applications" USING btree ("auto_renewal");--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_auto_renewal_check" CHECK ("membership_applications"."auto_renewal" in ('off', 'active', 'past_due'));--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_renewal_provider_check" CHECK ("membership_applications"."renewal_provider" in ('stripe', 'test'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('verification', 'change_email', 'email_change_notice', 'password_reset', 'receipt', 'refund', 'application_decision', 'tickets', 'tickets_cancelled', 'membership_reminder', 'renewal_failed', 'committee_notice', 'committee_digest', 'mailing_test'));