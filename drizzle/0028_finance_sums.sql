CREATE TABLE "latest_applications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance_donors" (
	"year" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"gift_count" integer NOT NULL,
	"live_gift_count" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	CONSTRAINT "finance_donors_year_email_pk" PRIMARY KEY("year","email")
);
--> statement-breakpoint
CREATE TABLE "finance_month_totals" (
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"purpose" text NOT NULL,
	"livemode" boolean NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_month_totals_year_month_purpose_livemode_pk" PRIMARY KEY("year","month","purpose","livemode")
);
--> statement-breakpoint
CREATE INDEX "latest_applications_standing_idx" ON "latest_applications" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "finance_donors_name_idx" ON "finance_donors" USING btree ("year",lower("name"),"email");