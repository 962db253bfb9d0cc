ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offline_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offline_method_check" CHECK ("payments"."offline_method" in ('cash', 'cheque', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'test', 'offline'));