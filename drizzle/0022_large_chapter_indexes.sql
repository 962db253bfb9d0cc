CREATE INDEX "donations_created_idx" ON "donations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "membership_applications_created_idx" ON "membership_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");