CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"tier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_limit" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"members_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed'))
);
--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_event_code_key" ON "discount_codes" USING btree ("event_id","code_key");--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_orders_discount_code_idx" ON "ticket_orders" USING btree ("discount_code_id");