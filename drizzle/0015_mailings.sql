CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"mailing_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_reason_check" CHECK ("mail_suppressions"."reason" in ('unsubscribed', 'bounced'))
);
--> statement-breakpoint
CREATE TABLE "mailing_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailing_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mailing_recipients_address_unique" UNIQUE("mailing_id","email"),
	CONSTRAINT "mailing_recipients_status_check" CHECK ("mailing_recipients"."status" in ('pending', 'sent', 'bounced', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"event_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"leased_by" text,
	"leased_until" timestamp with time zone,
	CONSTRAINT "mailings_audience_check" CHECK ("mailings"."audience" in ('members', 'expiring', 'expired', 'donors', 'attendees')),
	CONSTRAINT "mailings_status_check" CHECK ("mailings"."status" in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD CONSTRAINT "mailing_recipients_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_recipients_pending_idx" ON "mailing_recipients" USING btree ("mailing_id","status","id");--> statement-breakpoint
CREATE INDEX "mailings_status_idx" ON "mailings" USING btree ("status");