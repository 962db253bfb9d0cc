CREATE TABLE "ticket_order_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"event_id" integer NOT NULL,
	"request" jsonb NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "ticket_order_queue_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "ticket_order_queue" ADD CONSTRAINT "ticket_order_queue_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_order_queue_waiting_idx" ON "ticket_order_queue" USING btree ("event_id","id") WHERE "ticket_order_queue"."outcome" is null;--> statement-breakpoint
CREATE INDEX "ticket_order_queue_created_idx" ON "ticket_order_queue" USING btree ("created_at");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_questions_content_version" AFTER INSERT OR UPDATE OR DELETE ON "event_questions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
