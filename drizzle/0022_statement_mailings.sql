ALTER TABLE "mailings" DROP CONSTRAINT "mailings_audience_check";--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "statement_year" integer;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_audience_check" CHECK ("mailings"."audience" in ('members', 'expiring', 'expired', 'donors', 'attendees', 'statements'));