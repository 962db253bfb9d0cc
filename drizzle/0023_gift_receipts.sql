CREATE TABLE "gift_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"eligible_cents" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaces" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailings" DROP CONSTRAINT "mailings_audience_check";--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "statement_year" integer;--> statement-breakpoint
ALTER TABLE "gift_receipts" ADD CONSTRAINT "gift_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_receipts_number_unique" ON "gift_receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_receipts_payment_current_unique" ON "gift_receipts" USING btree ("payment_id") WHERE "gift_receipts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "gift_receipts_payment_idx" ON "gift_receipts" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_audience_check" CHECK ("mailings"."audience" in ('members', 'expiring', 'expired', 'donors', 'attendees', 'statements'));