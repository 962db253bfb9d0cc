CREATE SEQUENCE "public"."content_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Written by hand (docs/architecture/page-cache.md): every change to what public pages show takes
-- the next content version when its transaction commits (deferred constraint triggers), so no
-- cached page outlives the change on any instance. nextval never blocks and is never rolled back.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('content_version_seq');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_settings_content_version" AFTER INSERT OR UPDATE OR DELETE ON "site_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "news_content_version" AFTER INSERT OR UPDATE OR DELETE ON "news" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "news_slugs_content_version" AFTER INSERT OR UPDATE OR DELETE ON "news_slugs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_content_version" AFTER INSERT OR UPDATE OR DELETE ON "events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_tiers_content_version" AFTER INSERT OR UPDATE OR DELETE ON "ticket_tiers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_orders_content_version" AFTER INSERT OR UPDATE OR DELETE ON "ticket_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_content_version" AFTER INSERT OR UPDATE OR DELETE ON "tickets" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "committee_terms_content_version" AFTER INSERT OR UPDATE OR DELETE ON "committee_terms" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "committee_members_content_version" AFTER INSERT OR UPDATE OR DELETE ON "committee_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_content_version" AFTER INSERT OR UPDATE OR DELETE ON "documents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pages_content_version" AFTER INSERT OR UPDATE OR DELETE ON "pages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "history_milestones_content_version" AFTER INSERT OR UPDATE OR DELETE ON "history_milestones" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_content_version" AFTER INSERT OR UPDATE OR DELETE ON "media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_files_content_version" AFTER INSERT OR UPDATE OR DELETE ON "media_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
