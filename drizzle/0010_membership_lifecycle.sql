CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"period" text NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "job_runs_name_period_pk" PRIMARY KEY("name","period")
);
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_application_id_kind_expires_at_pk" PRIMARY KEY("application_id","kind","expires_at"),
	CONSTRAINT "membership_reminders_kind_check" CHECK ("membership_reminders"."kind" in ('expires_in_30_days', 'expires_in_7_days', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "membership_grace_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_application_id_membership_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."membership_applications"("id") ON DELETE cascade ON UPDATE no action;