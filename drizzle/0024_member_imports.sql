CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"file_name" text,
	"mapping" jsonb NOT NULL,
	"created_count" integer NOT NULL,
	"updated_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"skipped_report" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
