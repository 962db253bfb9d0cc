/**
 * Link previews on a seeded database (docs/architecture/previews.md): each page's picture named by
 * what it shows, made once into DATA_DIR/previews and served from there, a new address after an
 * edit; the site's web app manifest from Settings.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, news, siteSettings } from '~/db/schema/content';
import { seedSampleContent } from '~/db/seed';
import { storeUpload } from '~/features/media/media.server';
import { KEEP_PREVIEWS, previewFile, sitePreviewSubject } from '~/features/media/previews.server';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { loader as rootLoader } from '~/root';
import { loader as eventLoader } from '~/routes/_site/events.$id';
import { loader as newsPostLoader } from '~/routes/_site/news.$slug';
import { loader as previewLoader } from '~/routes/previews.$file';
import { loader as manifestLoader } from '~/routes/site-manifest';
import { actorWith } from '../factories/actors';
import { pngFile } from '../factories/media';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();

beforeAll(async () => {
  await seedSampleContent(database.db());
});

/** Runs `run` with these settings, and puts the settings back afterwards (tests run in any order). */
async function withSettings(values: Partial<typeof siteSettings.$inferInsert>, run: () => Promise<void>) {
  const [before] = await database.db().select().from(siteSettings);
  await database.db().update(siteSettings).set(values);
  try {
    await run();
  } finally {
    await database.db().update(siteSettings).set(before!);
  }
}

const previewsFolder = () => path.join(process.env.DATA_DIR!, 'previews');
const fileOf = (url: string) => url.replace(/^\/previews\//, '');
const get = (url: string, headers: Record<string, string> = {}) => previewLoader(routeArgs(url, { headers }, { file: fileOf(url) }));

async function storyPreview(slug: string) {
  return (await newsPostLoader(routeArgs(`/news/${slug}`, {}, { slug }))).linkPreview;
}

/** A published story from the seed, with or without its picture: never the draft or the story to come
 * another test adds (tests run in a random order, and PostgreSQL returns updated rows last). */
async function seededStory(withPicture: boolean) {
  const rows = await database.db().select().from(news).orderBy(news.id);
  return rows.find((row) => row.status === 'published' && row.publishedAt <= new Date() && Boolean(row.imageUrl) === withPicture)!;
}

async function imageOf(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const { format, width, height } = await sharp(bytes).metadata();
  return { bytes, format, width, height };
}

describe('a story’s link preview', () => {
  it('is its own picture at 1200 × 630 as a JPEG, kept in the data folder and served for a year, 304 when the browser has it', async () => {
    const story = await seededStory(true);
    const preview = await storyPreview(story.slug);
    expect(preview).toMatchObject({ width: 1200, height: 630, type: 'image/jpeg', alt: story.coverAlt });
    expect(preview.url).toMatch(new RegExp(`^/previews/news-${story.id}-[0-9a-f]{20}\\.jpg$`));

    const response = await get(preview.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await imageOf(response)).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    await expect.poll(() => existsSync(path.join(previewsFolder(), fileOf(preview.url)))).toBe(true);

    const again = await get(preview.url, { 'If-None-Match': response.headers.get('ETag')! });
    expect(again.status).toBe(304);
  });

  it('is a card drawn from its title when it has no picture: a PNG, made once and answered from the folder after that', async () => {
    const story = await seededStory(false);
    const preview = await storyPreview(story.slug);
    expect(preview).toMatchObject({ type: 'image/png', alt: story.title });
    const first = await get(preview.url);
    expect(await imageOf(first)).toMatchObject({ format: 'png', width: 1200, height: 630 });

    // What the folder holds is what the next request gets: the card is not drawn again.
    const kept = path.join(previewsFolder(), fileOf(preview.url));
    await expect.poll(() => existsSync(kept)).toBe(true);
    const marker = Buffer.concat([readFileSync(kept), Buffer.from('kept')]);
    writeFileSync(kept, marker);
    expect(Buffer.from(await (await get(preview.url)).arrayBuffer()).equals(marker)).toBe(true);
  });

  it('moves to a new address when the story is edited, and the old address redirects there', async () => {
    const story = await seededStory(false);
    const before = await storyPreview(story.slug);
    await database
      .db()
      .update(news)
      .set({ title: `${story.title} (updated)` })
      .where(eq(news.id, story.id));
    const after = await storyPreview(story.slug);
    expect(after.url).not.toBe(before.url);
    const moved = await get(before.url).catch((thrown: unknown) => thrown as Response);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('Location')).toBe(after.url);
    expect((await get(after.url)).status).toBe(200);
  });

  it('follows the uploaded cover that replaces the shipped picture', async () => {
    const story = await seededStory(true);
    const before = await storyPreview(story.slug);
    const cover = await storeUpload(actorWith('editor'), await pngFile(1600, 900), 'image');
    await database.db().update(news).set({ coverMediaId: cover.id }).where(eq(news.id, story.id));
    const after = await storyPreview(story.slug);
    expect(after.url).not.toBe(before.url);
    expect(await imageOf(await get(after.url))).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('is not found for a draft, a story to come, an unknown story or an address that is not one', async () => {
    const [draft] = await database
      .db()
      .insert(news)
      .values({ title: 'Draft', slug: 'a-draft', excerpt: 'x', content: '<p>x</p>', category: 'News', author: 'Editor', status: 'draft', publishedAt: new Date('2026-01-01') })
      .returning();
    const [coming] = await database
      .db()
      .insert(news)
      .values({ title: 'Coming', slug: 'coming', excerpt: 'x', content: '<p>x</p>', category: 'News', author: 'Editor', publishedAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const key = '0123456789abcdef0123';
    for (const file of [
      `news-${draft!.id}-${key}.png`,
      `news-${coming!.id}-${key}.png`,
      `news-999999-${key}.png`,
      `event-999999-${key}.jpg`,
      `news-${key}.png`,
      `site-1-${key}.png`,
      `news-01-${key}.png`,
      'news-1-short.png',
      `news-1-${key}.gif`,
      '..%2Fauth-secret',
    ]) {
      const response = await previewLoader(routeArgs(`/previews/${file}`, {}, { file }));
      expect(response.status, file).toBe(404);
    }
  });
});

describe('an event’s link preview', () => {
  it('is its picture, or a card when it has none', async () => {
    const rows = await database.db().select().from(events);
    const withPicture = rows.find((row) => row.imageUrl)!;
    const [withoutPicture] = await database.db().select().from(events).where(isNull(events.imageUrl));
    for (const [event, type] of [
      [withPicture, 'image/jpeg'],
      [withoutPicture!, 'image/png'],
    ] as const) {
      const { linkPreview: preview } = await eventLoader(routeArgs(`/events/${event.id}`, {}, { id: String(event.id) }));
      expect(preview.type).toBe(type);
      const response = await get(preview.url);
      expect(response.headers.get('Content-Type')).toBe(type);
      expect(await imageOf(response)).toMatchObject({ width: 1200, height: 630 });
    }
  });
});

describe('the site’s card', () => {
  it('is every other page’s picture, and follows the theme colour of Settings', async () => {
    const { siteImage } = await rootLoader(routeArgs('/'));
    expect(siteImage).toMatchObject({ width: 1200, height: 630, type: 'image/png' });
    expect(siteImage.url).toMatch(/^\/previews\/site-[0-9a-f]{20}\.png$/);
    expect(await imageOf(await get(siteImage.url))).toMatchObject({ format: 'png', width: 1200, height: 630 });

    await withSettings({ themeColor: '#7f1d1d' }, async () => {
      const recoloured = (await rootLoader(routeArgs('/'))).siteImage;
      expect(recoloured.url).not.toBe(siteImage.url);
      const redirected = await get(siteImage.url).catch((thrown: unknown) => thrown as Response);
      expect(redirected.headers.get('Location')).toBe(recoloured.url);
    });
  });

  it('is made once when crawlers ask at the same time', async () => {
    await withSettings({ themeColor: '#14532d' }, async () => {
      const settings = await getPublicSiteSettings();
      const { siteImage } = await rootLoader(routeArgs('/'));
      const answers = await Promise.all(Array.from({ length: 5 }, () => previewFile(sitePreviewSubject(settings), settings, fileOf(siteImage.url))));
      const bytes = answers.map((answer) => ('bytes' in answer ? answer.bytes : null));
      expect(bytes[0]).toBeInstanceOf(Buffer);
      expect(bytes.every((each) => each === bytes[0])).toBe(true);
    });
  });
});

describe('the previews folder', () => {
  it('keeps the previews asked for most recently, and no more than its limit', async () => {
    mkdirSync(previewsFolder(), { recursive: true });
    const old = new Date('2020-01-01T00:00:00Z');
    for (let index = 0; index < KEEP_PREVIEWS + 5; index += 1) {
      const file = path.join(previewsFolder(), `event-${900_000 + index}-${'0'.repeat(20)}.png`);
      writeFileSync(file, 'x');
      utimesSync(file, old, new Date(old.getTime() + index * 1000));
    }
    // A new preview is kept, and the oldest go.
    await withSettings({ themeColor: '#312e81' }, async () => {
      const { siteImage } = await rootLoader(routeArgs('/'));
      expect((await get(siteImage.url)).status).toBe(200);
      await expect.poll(() => readdirSync(previewsFolder()).filter((name) => !name.endsWith('.part')).length).toBe(KEEP_PREVIEWS);
      await expect.poll(() => existsSync(path.join(previewsFolder(), fileOf(siteImage.url)))).toBe(true);
      expect(existsSync(path.join(previewsFolder(), `event-900000-${'0'.repeat(20)}.png`))).toBe(false);
    });
  });
});

describe('the web app manifest', () => {
  it('names the site and colours it from Settings, with the crest’s icons', async () => {
    const response = await manifestLoader();
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8');
    const settings = await getPublicSiteSettings();
    expect(await response.json()).toMatchObject({
      name: `${settings.associationName} – ${settings.chapterName}`,
      short_name: settings.shortName,
      start_url: '/',
      theme_color: settings.themeColor,
      icons: [{ src: '/icons/site-192.png' }, { src: '/icons/site-512.png' }, { src: '/icons/site-maskable-512.png', purpose: 'maskable' }],
    });
    await withSettings({ shortName: 'HCPPA', themeColor: '#4c1d95' }, async () => {
      expect(await (await manifestLoader()).json()).toMatchObject({ short_name: 'HCPPA', theme_color: '#4c1d95' });
    });
    for (const icon of ['icons/site-192.png', 'icons/site-512.png', 'icons/site-maskable-512.png']) expect(existsSync(path.join('public', icon)), icon).toBe(true);
  });
});
