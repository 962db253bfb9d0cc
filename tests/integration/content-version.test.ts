/**
 * The content version the page cache trusts (docs/architecture.md#page-cache): it moves when a change
 * to what public pages show commits, not for other writes, and not for a change rolled back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { news, siteSettings } from '~/db/schema/content';
import { membershipApplications } from '~/db/schema/membership';
import { currentContentVersion } from '~/lib/page-cache.server';
import { createNews, createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();

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
});
