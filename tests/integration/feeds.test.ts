/**
 * The sitemap, the news feed and the events calendar (docs/architecture/feeds.md), each read by a
 * real tool as the outside world reads it: the sitemap validated against the sitemaps.org schema
 * (tests/fixtures/sitemaps/sitemap.xsd, by libxml2's xmllint), the feed parsed by a feed reader's
 * parser (@rowanmanning/feed-parser), the calendar by ical.js. With names in Sinhala and Tamil and
 * `& < "` in them, and drafts, scheduled stories and old events that must not appear.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { parseFeed } from '@rowanmanning/feed-parser';
import { validateXML } from 'xmllint-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, news } from '~/db/schema/content';
import { seedSampleContent } from '~/db/seed';
import { eventSchema } from '~/features/events/events.schema';
import { CALENDAR_PAST_DAYS, saveEvent } from '~/features/events/events.server';
import { storeUpload } from '~/features/media/media.server';
import { zonedTimeToInstant } from '~/lib/dates';
import { loader as calendarLoader } from '~/routes/events.calendar-ics';
import { loader as feedLoader } from '~/routes/news.feed-xml';
import { loader as sitemapLoader } from '~/routes/sitemap-xml';
import { actorWith } from '../factories/actors';
import { createEvent, createNews } from '../factories/content';
import { pngFile } from '../factories/media';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const publicUrl = process.env.PUBLIC_URL!;
const editor = actorWith('editor');
const day = 86_400_000;

/** Names as people write them: Sinhala, Tamil, and the characters XML and iCalendar must escape. */
const storyTitle = 'සිංහල & தமிழ்: the "Old <Boys>" reunion; sold out, again';
const storyAuthor = 'ශ්‍රියානි පෙරේරා & முருகன் சிவராஜா';
const eventTitle = 'தமிழ் மாலை & සිංහල රාත්‍රිය: "<Songs>" of home, at last';
const eventVenue = 'St. Lawrence Hall; Room "A" & B';

let seeded: {
  story: typeof news.$inferSelect;
  covered: typeof news.$inferSelect;
  draft: typeof news.$inferSelect;
  scheduled: typeof news.$inferSelect;
  event: typeof events.$inferSelect;
  vancouver: typeof events.$inferSelect;
  draftEvent: typeof events.$inferSelect;
  longPast: typeof events.$inferSelect;
  recentPast: typeof events.$inferSelect;
};

beforeAll(async () => {
  const db = database.db();
  await seedSampleContent(db);
  const now = Date.now();
  const cover = await storeUpload(editor, await pngFile(1200, 630, 'cover.png'), 'image');
  seeded = {
    story: await createNews(db, {
      title: storyTitle,
      slug: 'sinhala-tamil-reunion',
      excerpt: 'Tickets < $20 & "free" for the class of ’96 — ආයුබෝවන්, வணக்கம்.',
      author: storyAuthor,
      category: 'Reunions & Gatherings',
      publishedAt: new Date(now - 2 * day),
      imageUrl: '/images/news/agm.svg',
    }),
    covered: await createNews(db, { title: 'A story with an uploaded cover', slug: 'uploaded-cover', publishedAt: new Date(now - 3 * day), coverMediaId: cover.id }),
    draft: await createNews(db, { title: 'Draft story never shown', slug: 'draft-story-never-shown', status: 'draft', publishedAt: new Date(now - 1 * day) }),
    scheduled: await createNews(db, { title: 'Scheduled story not yet out', slug: 'scheduled-story', publishedAt: new Date(now + 5 * day) }),
    event: await createEvent(db, {
      title: eventTitle,
      description: '<p>Songs, <strong>food</strong> &amp; friends.</p><p>Bring a plate; all welcome, “everyone”.</p>',
      startsAt: new Date(now + 30 * day),
      endsAt: new Date(now + 30 * day + 4 * 3_600_000),
      venue: eventVenue,
      address: '157 King St E, Toronto, ON',
    }),
    // 18:30 on the clocks of Vancouver, an event of another zone than the site's.
    vancouver: await createEvent(db, {
      title: 'Vancouver Alumni Dinner',
      startsAt: zonedTimeToInstant('2027-05-01', '18:30', 'America/Vancouver'),
      timeZone: 'America/Vancouver',
      venue: 'Stanley Park Pavilion',
    }),
    draftEvent: await createEvent(db, { title: 'Draft event never shown', status: 'draft', startsAt: new Date(now + 40 * day) }),
    longPast: await createEvent(db, { title: 'Picnic of long ago', startsAt: new Date(now - (CALENDAR_PAST_DAYS + 30) * day) }),
    recentPast: await createEvent(db, { title: 'Picnic of last month', startsAt: new Date(now - 20 * day) }),
  };
});

const text = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.text();
};

describe('the sitemap', () => {
  const sitemapXsd = readFileSync('tests/fixtures/sitemaps/sitemap.xsd', 'utf8');
  const validate = (xml: string) => validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [sitemapXsd] });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

  it('is a sitemaps.org urlset that the schema accepts, and the schema refuses a broken one', async () => {
    const response = await sitemapLoader();
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    const xml = await text(response);
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator is no rubber stamp: a date that is no W3C date-time, or an address that is no URL, fails it.
    expect((await validate(xml.replace(/<lastmod>[^<]*<\/lastmod>/, '<lastmod>yesterday</lastmod>'))).valid).toBe(false);
    expect((await validate(xml.replace('<urlset', '<urlsets').replace('</urlset>', '</urlsets>'))).valid).toBe(false);
  });

  it('lists every public page, published story and public event, absolute on PUBLIC_URL, and no draft or scheduled story', async () => {
    const listed = locs(await text(await sitemapLoader()));
    expect(listed.every((loc) => loc.startsWith(`${publicUrl}/`))).toBe(true);
    expect(new Set(listed).size).toBe(listed.length);
    for (const path of ['/', '/about', '/news', '/events', '/committees', '/membership', '/donate', '/privacy-policy']) expect(listed).toContain(`${publicUrl}${path}`);
    const stories = await database.db().select({ slug: news.slug, status: news.status, publishedAt: news.publishedAt }).from(news);
    const published = stories.filter((story) => story.status === 'published' && story.publishedAt.getTime() <= Date.now());
    expect(published.length).toBeGreaterThanOrEqual(3);
    for (const story of published) expect(listed).toContain(`${publicUrl}/news/${story.slug}`);
    for (const hidden of [seeded.draft, seeded.scheduled]) expect(listed).not.toContain(`${publicUrl}/news/${hidden.slug}`);
    const allEvents = await database.db().select({ id: events.id, status: events.status }).from(events);
    for (const event of allEvents) {
      if (event.status === 'published') expect(listed).toContain(`${publicUrl}/events/${event.id}`);
      else expect(listed).not.toContain(`${publicUrl}/events/${event.id}`);
    }
    // Past events have pages too.
    expect(listed).toContain(`${publicUrl}/events/${seeded.longPast.id}`);
  });

  it('dates each story and event by its last change, and follows an edit', async () => {
    const lastmodOf = (xml: string, loc: string) => new RegExp(`<loc>${loc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</loc><lastmod>([^<]*)</lastmod>`).exec(xml)?.[1];
    const storyUrl = `${publicUrl}/news/${seeded.story.slug}`;
    const before = await text(await sitemapLoader());
    expect(lastmodOf(before, storyUrl)).toBe(`${seeded.story.updatedAt.toISOString().slice(0, 19)}Z`);
    const edited = new Date(Date.now() + 60_000);
    await database.db().update(events).set({ updatedAt: edited }).where(eq(events.id, seeded.recentPast.id));
    const after = await text(await sitemapLoader());
    expect(lastmodOf(after, `${publicUrl}/events/${seeded.recentPast.id}`)).toBe(`${edited.toISOString().slice(0, 19)}Z`);
    // The events page and the home page list it: they changed then too.
    expect(lastmodOf(after, `${publicUrl}/events`)).toBe(`${edited.toISOString().slice(0, 19)}Z`);
    expect(lastmodOf(after, `${publicUrl}/`)).toBe(`${edited.toISOString().slice(0, 19)}Z`);
  });
});

describe('the news feed', () => {
  const feed = async () => {
    const response = await feedLoader();
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    return parseFeed(await text(response));
  };

  it('is RSS 2.0 with the latest stories, newest first, each with title, link, date, summary and picture', async () => {
    const parsed = await feed();
    expect(parsed.meta.type).toBe('rss');
    expect(parsed.title).toContain('News');
    expect(parsed.url).toBe(`${publicUrl}/news`);
    expect(parsed.self).toBe(`${publicUrl}/news/feed.xml`);
    expect(parsed.items.length).toBeGreaterThanOrEqual(3);
    const dates = parsed.items.map((item) => item.published!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of parsed.items) {
      expect(item.title).toBeTruthy();
      expect(item.url).toMatch(new RegExp(`^${publicUrl}/news/[a-z0-9-]+$`));
      expect(item.description).toBeTruthy();
      expect(item.id).toMatch(/^news-\d+@/);
    }
  });

  it('carries Sinhala, Tamil, & < and quotes as written, and a story’s picture by its absolute address', async () => {
    const parsed = await feed();
    const item = parsed.items.find((candidate) => candidate.url === `${publicUrl}/news/${seeded.story.slug}`)!;
    expect(item.title).toBe(storyTitle);
    expect(item.description).toBe('Tickets < $20 & "free" for the class of ’96 — ආයුබෝවන්, வணக்கம்.');
    expect(item.published?.toISOString()).toBe(new Date(Math.floor(seeded.story.publishedAt.getTime() / 1000) * 1000).toISOString());
    expect(item.authors.map((author) => author.name)).toEqual([storyAuthor]);
    expect(item.categories.map((category) => category.label)).toEqual(['Reunions & Gatherings']);
    expect(item.media).toEqual([expect.objectContaining({ url: `${publicUrl}/images/news/agm.svg`, mimeType: 'image/svg+xml', type: 'image' })]);
    // An uploaded cover: the stored WebP the pages show.
    const covered = parsed.items.find((candidate) => candidate.url === `${publicUrl}/news/${seeded.covered.slug}`)!;
    expect(covered.media).toEqual([expect.objectContaining({ url: expect.stringMatching(new RegExp(`^${publicUrl}/media/${seeded.covered.coverMediaId}/w\\d+$`)), mimeType: 'image/webp' })]);
  });

  it('leaves out drafts and stories whose date has not come', async () => {
    const titles = (await feed()).items.map((item) => item.title);
    expect(titles).not.toContain(seeded.draft.title);
    expect(titles).not.toContain(seeded.scheduled.title);
  });
});

describe('the events calendar', () => {
  const calendar = async () => {
    const response = await calendarLoader();
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    const body = await text(response);
    return { body, component: new ICAL.Component(ICAL.parse(body)) };
  };
  const eventsOf = (component: ICAL.Component) => component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

  it('is a calendar to subscribe to, named, with every upcoming public event and how often to look again', async () => {
    const { component } = await calendar();
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    expect(component.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(String(component.getFirstPropertyValue('x-wr-calname'))).toContain('Events');
    expect(String(component.getFirstPropertyValue('name'))).toContain('Events');
    expect(component.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    const listed = eventsOf(component);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const upcoming = await database.db().select({ id: events.id, status: events.status, startsAt: events.startsAt }).from(events);
    const uids = listed.map((event) => event.uid);
    for (const event of upcoming.filter((row) => row.status === 'published' && row.startsAt.getTime() > Date.now())) expect(uids).toContain(`event-${event.id}@${new URL(publicUrl).hostname}`);
  });

  it('keeps an event of the last weeks, and leaves out drafts and events long past', async () => {
    const uids = eventsOf((await calendar()).component).map((event) => event.uid);
    const uid = (id: number) => `event-${id}@${new URL(publicUrl).hostname}`;
    expect(uids).toContain(uid(seeded.recentPast.id));
    expect(uids).not.toContain(uid(seeded.longPast.id));
    expect(uids).not.toContain(uid(seeded.draftEvent.id));
  });

  it('carries Sinhala, Tamil and the characters iCalendar escapes as written, folded at 75 octets', async () => {
    const { body, component } = await calendar();
    for (const line of body.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const event = eventsOf(component).find((candidate) => candidate.uid === `event-${seeded.event.id}@${new URL(publicUrl).hostname}`)!;
    expect(event.summary).toBe(eventTitle);
    expect(event.location).toBe(`${eventVenue}, 157 King St E, Toronto, ON`);
    expect(event.description).toBe(`Songs, food & friends. Bring a plate; all welcome, “everyone”.\n\n${publicUrl}/events/${seeded.event.id}`);
    expect(event.component.getFirstPropertyValue('url')).toBe(`${publicUrl}/events/${seeded.event.id}`);
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(seeded.event.startsAt.getTime() / 1000) * 1000);
    expect(event.endDate.toJSDate().getTime()).toBe(Math.floor(seeded.event.endsAt!.getTime() / 1000) * 1000);
  });

  it('puts an event at its instant whatever its zone: 18:30 in Vancouver is 01:30 UTC the next day', async () => {
    const event = eventsOf((await calendar()).component).find((candidate) => candidate.summary === 'Vancouver Alumni Dinner')!;
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-05-02T01:30:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    // Without an end, three hours.
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-05-02T04:30:00.000Z');
  });

  it('keeps an event’s UID when an editor changes it, and shows the change', async () => {
    const form = (title: string) =>
      eventSchema.parse({ intent: 'publish', title, description: '<p>Music by the lake.</p>', startsAt: '2027-08-14T17:00', venue: 'Lakeside Bandstand', registrationKind: 'none' });
    const saved = await saveEvent(editor, null, form('Summer Concert'));
    const uid = `event-${saved.id}@${new URL(publicUrl).hostname}`;
    const before = eventsOf((await calendar()).component).find((event) => event.uid === uid)!;
    expect(before.summary).toBe('Summer Concert');
    await saveEvent(editor, saved.id, { ...form('Summer Concert, moved to the Pavilion'), venue: 'Lakeside Pavilion' });
    const after = eventsOf((await calendar()).component).filter((event) => event.uid === uid);
    expect(after).toHaveLength(1);
    expect(after[0]!.summary).toBe('Summer Concert, moved to the Pavilion');
    expect(after[0]!.location).toBe('Lakeside Pavilion');
    // Unpublished, it leaves the calendar.
    await saveEvent(editor, saved.id, { ...form('Summer Concert'), intent: 'unpublish' });
    expect(eventsOf((await calendar()).component).map((event) => event.uid)).not.toContain(uid);
  });

  it('gives the same file for the same events: a reader asking again gets a 304', async () => {
    const first = (await calendar()).body;
    expect((await calendar()).body).toBe(first);
  });
});
