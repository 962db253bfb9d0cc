CREATE TABLE "check_in_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"device_id" text NOT NULL,
	"checked_in_by" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_scans_outcome_check" CHECK ("check_in_scans"."outcome" in ('first', 'duplicate', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_scans_ticket_idx" ON "check_in_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "check_in_scans_event_idx" ON "check_in_scans" USING btree ("event_id");