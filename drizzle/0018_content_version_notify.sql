-- Written by hand (docs/architecture/page-cache.md): besides taking the next content version, a
-- change to what public pages show now says so on the 'content_version' channel when it commits.
-- The embedded database has one process, which listens and keeps the version in memory until told
-- it moved, instead of reading the sequence for every page it serves from the cache.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('content_version_seq');
  PERFORM pg_notify('content_version', '');
  RETURN NULL;
END
$$;
