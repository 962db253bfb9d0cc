CREATE TABLE "directory_listings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"share_phone" boolean DEFAULT false NOT NULL,
	"share_years" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;