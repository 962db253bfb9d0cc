CREATE TABLE "event_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"scope" text NOT NULL,
	"tier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at_door" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_questions_kind_check" CHECK ("event_questions"."kind" in ('text', 'choice', 'yes_no')),
	CONSTRAINT "event_questions_scope_check" CHECK ("event_questions"."scope" in ('attendee', 'order'))
);
--> statement-breakpoint
CREATE TABLE "ticket_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_id" integer,
	"question_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answers" ADD CONSTRAINT "ticket_answers_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answers" ADD CONSTRAINT "ticket_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_answers" ADD CONSTRAINT "ticket_answers_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ticket_answers_order_idx" ON "ticket_answers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ticket_answers_question_idx" ON "ticket_answers" USING btree ("question_id");