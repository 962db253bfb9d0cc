CREATE TABLE "history_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "pages_slug_check" CHECK ("pages"."slug" in ('about', 'school-history', 'school-anthem', 'privacy-policy', 'terms-of-service', 'cookie-policy'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('image', 'audio', 'document'))
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"media_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_files_media_id_variant_pk" PRIMARY KEY("media_id","variant")
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "file_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_members" ADD COLUMN "photo_media_id" uuid;--> statement-breakpoint
ALTER TABLE "committee_terms" ADD COLUMN "is_current" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "committee_terms" SET "is_current" = true WHERE "id" = (SELECT "id" FROM "committee_terms" ORDER BY "start_year" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "media_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_media_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_kind" text DEFAULT 'tickets' NOT NULL;--> statement-breakpoint
UPDATE "events" SET "registration_kind" = 'external' WHERE "external_form_link" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing stories get a slug from their title (with the id where two titles agree).
UPDATE "news" SET "slug" = trim(both '-' from lower(regexp_replace("title", '[^A-Za-z0-9]+', '-', 'g')));--> statement-breakpoint
UPDATE "news" SET "slug" = concat_ws('-', nullif("slug", ''), "id"::text) WHERE "slug" = '' OR "slug" IN (SELECT "slug" FROM "news" GROUP BY "slug" HAVING count(*) > 1);--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
-- Bodies were plain text with blank lines between paragraphs; they are HTML now.
UPDATE "news" SET "content" = '<p>' || replace(replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n\n', '</p><p>') || '</p>';--> statement-breakpoint
UPDATE "events" SET "description" = '<p>' || replace(replace(replace(replace("description", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n\n', '</p><p>') || '</p>';--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "cover_media_id" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "cover_alt" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_tiers" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_slugs" ADD CONSTRAINT "news_slugs_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_photo_media_id_media_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_media_id_media_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_terms_one_current" ON "committee_terms" USING btree ("is_current") WHERE "committee_terms"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_unique" ON "news" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "site_settings" DROP COLUMN "anthem_audio_url";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_check" CHECK ("events"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_registration_kind_check" CHECK ("events"."registration_kind" in ('tickets', 'rsvp', 'external', 'none'));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_status_check" CHECK ("news"."status" in ('draft', 'published'));