/**
 * Content every visitor sees alike is held in memory per content version
 * (docs/architecture/page-cache.md#content-in-memory): read once, and read afresh once an editor's change has
 * moved the version, on the embedded database and on PostgreSQL alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '~/db/seed';
import { findConstitution } from '~/features/content/documents.server';
import { getAboutPage, saveAbout } from '~/features/content/pages.server';
import { aboutSchema } from '~/features/content/pages.schema';
import { getSiteSettings, settingsFormValues, updateSiteSettings } from '~/features/content/settings.server';
import { siteSettingsSchema } from '~/features/content/settings.schema';
import { actorWith } from '../factories/actors';
import { setupTestDatabase } from '../setup/database';

const statements: string[] = [];
const database = setupTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
const editor = actorWith('editor');
const admin = actorWith('super_admin');

/** The statements `run` made that read `table`. */
async function readsOf(table: string, run: () => Promise<unknown>): Promise<number> {
  statements.length = 0;
  await run();
  return statements.filter((statement) => statement.includes(`from "${table}"`)).length;
}

describe('content held in memory', () => {
  beforeAll(async () => {
    await seedSampleContent(database.db());
  });

  it('reads the about page, its constitution link and the settings once while nothing changes', async () => {
    await Promise.all([getAboutPage(), findConstitution(), getSiteSettings()]);
    expect(await readsOf('pages', () => Promise.all([getAboutPage(), getAboutPage()]))).toBe(0);
    expect(await readsOf('documents', () => findConstitution())).toBe(0);
    expect(await readsOf('site_settings', () => getSiteSettings())).toBe(0);
  });

  it("shows an editor's change on the next read", async () => {
    const before = await getAboutPage();
    const input = aboutSchema.parse({
      intro: before.intro,
      mission: 'A mission written just now',
      vision: before.vision,
      ...Object.fromEntries(
        before.values.flatMap((value, index) => [
          [`value${index + 1}Title`, value.title],
          [`value${index + 1}Text`, value.text],
        ]),
      ),
      objectives: before.objectives.join('\n'),
    });
    await saveAbout(editor, input);
    expect((await getAboutPage()).mission).toBe('A mission written just now');
    expect(await readsOf('pages', () => getAboutPage())).toBe(0);

    const settings = await getSiteSettings();
    const form = siteSettingsSchema.parse({ ...settingsFormValues(settings), chapterName: 'Pacific Northwest' });
    await updateSiteSettings(admin, form);
    expect((await getSiteSettings()).chapterName).toBe('Pacific Northwest');
  });
});
