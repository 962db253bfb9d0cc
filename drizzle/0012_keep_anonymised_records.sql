ALTER TABLE "membership_applications" DROP CONSTRAINT "membership_applications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_applications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;