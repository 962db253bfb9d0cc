-- The event page reads the waitlist (a sold-out tier's seats kept for the people waiting): its
-- changes move the content version, as tickets' do (docs/architecture/page-cache.md).
CREATE CONSTRAINT TRIGGER "waitlist_entries_content_version" AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
