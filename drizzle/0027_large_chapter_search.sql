-- The admin tables' search (docs/architecture/data.md#admin-search): trigram indexes for ILIKE '%text%'
-- on a row's "first last", a separator no search holds (chr(1)), and its email. pg_trgm is a trusted extension (PostgreSQL 13+), so the app's own
-- role may create it; the embedded database loads it at every opening (db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "membership_applications_search_idx" ON "membership_applications" USING gin (("first_name" || ' ' || "last_name" || chr(1) || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_search_idx" ON "donations" USING gin (("first_name" || ' ' || "last_name" || chr(1) || "email") gin_trgm_ops);
