/**
 * The data folders of the journeys, made once before the e2e server starts (playwright.config.ts
 * runs this with tsx; docs/architecture/tests.md):
 *
 * - `E2E_TEMPLATE_DATA_DIR`: a data folder as a first start leaves it (server.js creating the
 *   database: migrated, with the sample content), which servers that specs start of their own copy
 *   (`preparedDataFolder` in tests/setup/server-process.ts) instead of each creating one;
 * - `E2E_DATA_DIR`: a copy of it for the e2e server, with the events of the journeys that are not
 *   about the editor (seeded-events.ts) made through the factories, their ids written to
 *   `E2E_SEEDED_EVENTS`, and the stories of the journeys that read the news feed.
 *
 * The embedded database is the server's alone while it runs, hence before it starts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '~/db/client.server';
import { eventQuestions } from '~/db/schema/tickets';
import { SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';
import { createEvent, createNews } from '../factories/content';
import { seededEvents, seededStories, type SeededEvent, type SeededEventName } from './seeded-events';

const templateDir = process.env.E2E_TEMPLATE_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR;
const eventsFile = process.env.E2E_SEEDED_EVENTS;
if (!templateDir || !dataDir || !eventsFile) throw new Error('prepare-data: E2E_TEMPLATE_DATA_DIR, E2E_DATA_DIR and E2E_SEEDED_EVENTS name what to make (playwright.config.ts)');
if (!existsSync('build/server/index.js')) throw new Error('The journeys run the built site: npm run build first.');

// The server's own first start makes the template: the short-lived process that creates the
// database (docs/architecture/server.md#memory), run as server.js runs it.
const { DATABASE_URL: _postgres, NODE_ENV: _mode, ...inherited } = process.env;
const created = spawnSync(process.execPath, ['server.js'], { env: { ...inherited, DATA_DIR: templateDir, PPA_CREATE_DATABASE_ONLY: '1' }, encoding: 'utf8' });
if (created.status !== 0) throw new Error(`Creating the journeys' data folder failed (exit code ${created.status}):\n${created.stdout}${created.stderr}`);

cpSync(templateDir, dataDir, { recursive: true });
const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
const ids: Partial<Record<SeededEventName, number>> = {};
try {
  const at = (local: string) => zonedTimeToInstant(local.slice(0, 10), local.slice(11, 16), SITE_TIME_ZONE);
  for (const [name, event] of Object.entries(seededEvents) as [SeededEventName, SeededEvent][]) {
    const made = await createEvent(
      handle.db,
      {
        title: event.title,
        description: `<p>${event.description}</p>`,
        startsAt: at(event.startsAt),
        endsAt: event.endsAt ? at(event.endsAt) : null,
        venue: event.venue,
        venueMapLink: null,
        registrationKind: 'tickets',
        status: event.status ?? 'published',
      },
      event.tiers.map((tier) => ({ name: tier.name, priceCents: Math.round(tier.price * 100), quantityCap: tier.quantity, membersOnly: tier.membersOnly ?? false })),
    );
    if (event.doorQuestions) {
      await handle.db.insert(eventQuestions).values(
        event.doorQuestions.map((question, index) => ({
          eventId: made.id,
          label: question.label,
          kind: 'choice' as const,
          options: question.options,
          required: true,
          scope: 'attendee' as const,
          atDoor: true,
          sortOrder: index,
        })),
      );
    }
    ids[name] = made.id;
  }
  for (const story of seededStories) {
    await createNews(handle.db, { title: story.title, slug: story.slug, excerpt: story.excerpt, status: story.status ?? 'published', publishedAt: new Date(Date.now() - story.daysAgo * 86_400_000) });
  }
} finally {
  await handle.close();
}
writeFileSync(eventsFile, JSON.stringify(ids));
