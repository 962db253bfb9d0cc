import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * The version of everything the public pages show (docs/architecture/page-cache.md): a trigger on
 * each content table takes the next value when a change commits, so a cached anonymous page made
 * at an earlier value is stale, on every instance sharing the database. The triggers are written
 * by hand in the migration that creates this sequence (drizzle/0017_page_cache.sql).
 */
export const contentVersion = pgSequence('content_version_seq');
