/**
 * The content version the page cache trusts (docs/architecture/page-cache.md): it moves when a change
 * to what public pages show commits, not for other writes, and not for a change rolled back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { news, siteSettings } from '~/db/schema/content';
import { membershipApplications } from '~/db/schema/membership';
import { currentDatabaseHandle } from '~/db/client.server';
import { currentContentVersion } from '~/lib/page-cache.server';
import { createNews, createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';

/** The version reads the app has sent to the database. */
const versionReads: string[] = [];
const database = setupTestDatabase({
  logger: {
    logQuery: (query) => {
      if (query.includes('content_version_seq')) versionReads.push(query);
    },
  },
});

describe('the content version', () => {
  it('moves with content changes when they commit', async () => {
    await createSiteSettings(database.db());
    const before = await currentContentVersion();
    const story = await createNews(database.db());
    const afterInsert = await currentContentVersion();
    expect(afterInsert).not.toBe(before);
    await database.db().update(news).set({ title: 'A new title' }).where(eq(news.id, story.id));
    const afterUpdate = await currentContentVersion();
    expect(afterUpdate).not.toBe(afterInsert);
    await database.db().update(siteSettings).set({ associationName: 'Renamed' });
    expect(await currentContentVersion()).not.toBe(afterUpdate);
  });

  it('stays for writes no public page shows, and for a change rolled back', async () => {
    // A story for the rolled-back change to change: an update of no rows would fire no trigger.
    const story = await createNews(database.db());
    const before = await currentContentVersion();
    const { application } = await createMembership(database.db());
    await database.db().update(membershipApplications).set({ phoneNumber: '555' }).where(eq(membershipApplications.id, application.id));
    expect(await currentContentVersion()).toBe(before);
    await expect(
      database.db().transaction(async (tx) => {
        await tx.update(news).set({ title: 'Never' }).where(eq(news.id, story.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow(new Error('rolled back'));
    expect(await currentContentVersion()).toBe(before);
  });

  it('costs the embedded database no query until a change commits, then shows the change at once', async () => {
    const story = await createNews(database.db());
    const before = await currentContentVersion();
    const reads = versionReads.length;
    expect(await currentContentVersion()).toBe(before);
    // PostgreSQL may be changed by other processes: read each time. PGlite is told (drizzle/0018).
    expect(versionReads.length - reads).toBe(currentDatabaseHandle()?.kind === 'pglite' ? 0 : 1);
    await database.db().update(news).set({ title: 'Changed just now' }).where(eq(news.id, story.id));
    // The very next lookup, with nothing awaited in between, knows.
    expect(await currentContentVersion()).not.toBe(before);
  });
});
