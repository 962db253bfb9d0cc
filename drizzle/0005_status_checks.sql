ALTER TABLE "documents" ADD CONSTRAINT "documents_visibility_check" CHECK ("documents"."visibility" in ('public', 'members'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('valid'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_cause_check" CHECK ("donations"."cause" in ('general', 'medical', 'iptv'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_type_check" CHECK ("donations"."donation_type" in ('one-time', 'subscription'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_interval_check" CHECK ("donations"."recurring_interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_status_check" CHECK ("donations"."status" in ('pending_payment', 'completed', 'rejected'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('stripe', 'test'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'cancelled'));--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_type_check" CHECK ("membership_applications"."membership_type" in ('annual', 'life'));--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_status_check" CHECK ("membership_applications"."status" in ('pending_payment', 'pending_approval', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_provider_check" CHECK ("checkout_sessions"."provider" in ('stripe', 'test'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_purpose_check" CHECK ("checkout_sessions"."purpose" in ('membership', 'membership_renewal', 'donation'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_mode_check" CHECK ("checkout_sessions"."mode" in ('payment', 'subscription'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('membership', 'membership_renewal', 'donation'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'test'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('paid', 'refunded'));