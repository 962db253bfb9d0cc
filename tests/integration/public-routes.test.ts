/** Loaders and actions of the public pages, run against a freshly seeded database. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { siteSettings, ticketTiers } from '~/db/schema/content';
import { membershipApplications } from '~/db/schema/membership';
import { seedSampleContent } from '~/db/seed';
import { messages } from '~/lib/messages';
import { pendingToast } from '~/lib/toast.server';
import { loader as rootLoader } from '~/root';
import { loader as aboutLoader } from '~/routes/_site/about';
import { loader as committeesLoader } from '~/routes/_site/committees';
import { loader as eventsLoader } from '~/routes/_site/events';
import { action as eventAction, loader as eventLoader } from '~/routes/_site/events.$id';
import { loader as homeLoader } from '~/routes/_site/home';
import { loader as newsLoader } from '~/routes/_site/news';
import { loader as newsPostLoader } from '~/routes/_site/news.$slug';
import { loader as healthLoader } from '~/routes/api/healthz';
import { loader as documentLoader } from '~/routes/documents.$id.download';
import { createSignedInAccount } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();

beforeAll(async () => {
  await seedSampleContent(database.db());
});

const args = <Params extends Record<string, string> = Record<string, never>>(url: string, params?: Params, init?: RequestInit) => routeArgs(url, init, params);

type DataResult = { data: unknown; init: ResponseInit | null };
async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as DataResult).init?.status ?? 500;
  }
  throw new Error('expected the loader to throw');
}

describe('layout data', () => {
  it('root loader returns the site settings and no toast by default', async () => {
    expect(await rootLoader(args('/'))).toMatchObject({ toast: null, settings: { chapterName: 'North America' } });
  });

  it('root loader gives every page the public settings only, never the committee’s own', async () => {
    const [before] = await database.db().select().from(siteSettings);
    await database.db().update(siteSettings).set({ committeeEmails: 'committee-only@example.org', committeeDigest: true });
    const { settings } = await rootLoader(args('/')).finally(() => database.db().update(siteSettings).set(before!));
    expect(Object.keys(settings).sort()).toEqual(
      ['associationName', 'branchLinks', 'chapterName', 'contactAddress', 'contactEmail', 'contactPhone', 'shortName', 'socialFeedUrl', 'socialLinks', 'themeColor'].sort(),
    );
    expect(JSON.stringify(settings)).not.toContain('committee-only@example.org');
  });
});

describe('home and lists', () => {
  it('home shows at most three upcoming events, soonest first', async () => {
    const { upcomingEvents } = await homeLoader();
    expect(upcomingEvents.length).toBe(3);
    expect(upcomingEvents.every((event) => event.startsAt.getTime() > Date.now())).toBe(true);
    const times = upcomingEvents.map((event) => event.startsAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('events page separates upcoming and past events', async () => {
    const { upcoming, past } = await eventsLoader();
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeGreaterThanOrEqual(1);
  });

  it('news page surfaces the featured story separately', async () => {
    const { featured, others } = await newsLoader();
    expect(featured?.featured).toBe(true);
    expect(others.every((item) => !item.featured)).toBe(true);
  });

  it('committees page adds past terms only for ?past=1', async () => {
    expect((await committeesLoader(args('/committees'))).past).toEqual([]);
    const withPast = await committeesLoader(args('/committees?past=1'));
    expect(withPast.showingPast).toBe(true);
    expect(withPast.past.length).toBeGreaterThanOrEqual(1);
  });

  it('about page offers the public constitution', async () => {
    expect((await aboutLoader()).constitution?.title).toMatch(/Constitution/);
  });
});

describe('detail pages answer 404 for unknown or malformed ids', () => {
  it.each(['abc', '99999', '0', '-1', '\u0000', '1.5', '99999999999999'])('/events/%j', async (id) => {
    expect(await thrownStatus(() => eventLoader(args(`/events/x`, { id })))).toBe(404);
  });
  it.each(['abc', '99999', '\u0000', '99999999999999', '-1'])('/news/%j', async (slug) => {
    expect(await thrownStatus(() => newsPostLoader(args(`/news/x`, { slug })))).toBe(404);
  });

  it('finds real ones', async () => {
    const { upcoming } = await eventsLoader();
    const { event } = await eventLoader(args('/events/x', { id: String(upcoming[0]!.id) }));
    expect(event.title).toBe(upcoming[0]!.title);
    const { featured } = await newsLoader();
    const { item, more } = await newsPostLoader(args('/news/x', { slug: featured!.slug }));
    expect(item.id).toBe(featured!.id);
    expect(more.some((story) => story.id === featured!.id)).toBe(false);
    // A link from before stories had addresses: their number moves for good to the address.
    const moved = await newsPostLoader(args('/news/x', { slug: String(featured!.id) })).catch((error: unknown) => error);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get('Location')).toBe(`/news/${featured!.slug}`);
  });
});

describe('ticket card action', () => {
  async function gala() {
    const { upcoming } = await eventsLoader();
    const summary = upcoming.find((event) => event.title === 'Annual Gala Night')!;
    return (await eventLoader(args('/events/x', { id: String(summary.id) }))).event;
  }
  const post = (id: number, fields: Record<string, string>) => eventAction(args(`/events/${id}`, { id: String(id) }, { method: 'POST', body: new URLSearchParams(fields) }));
  /** The toast the action left for the page. */
  const toastOf = async (id: number, fields: Record<string, string>) => {
    const posted = args(`/events/${id}`, { id: String(id) }, { method: 'POST', body: new URLSearchParams(fields) });
    await eventAction(posted);
    return pendingToast(posted.context);
  };

  it('answers "No tickets selected" when nothing is chosen', async () => {
    const event = await gala();
    expect(await toastOf(event.id, {})).toMatchObject(messages.noTicketsSelected);
    expect(await toastOf(event.id, { [`qty-${event.tiers[0]!.id}`]: '0' })).toMatchObject(messages.noTicketsSelected);
  });

  it('leads a selection to the order page, where the attendees are named', async () => {
    const event = await gala();
    const response = (await post(event.id, { [`qty-${event.tiers[0]!.id}`]: '2', [`qty-${event.tiers[1]!.id}`]: '1' })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/events/${event.id}/order?seats=${event.tiers[0]!.id}x2,${event.tiers[1]!.id}x1`);
  });

  it('refuses malformed quantities with HTTP 400 and a message', async () => {
    const event = await gala();
    const result = (await post(event.id, { [`qty-${event.tiers[0]!.id}`]: 'lots' })) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ fieldError: 'Enter a whole number of tickets, 0 or more.' });
  });

  it('answers 404 for an unknown event', async () => {
    expect(await thrownStatus(() => post(99_999, {}))).toBe(404);
  });
});

describe('members-only tiers at the ticket card', () => {
  async function galaWithMembersTier() {
    const { upcoming } = await eventsLoader();
    const gala = upcoming.find((event) => event.title === 'Annual Gala Night')!;
    const existing = (await database.db().select().from(ticketTiers).where(eq(ticketTiers.eventId, gala.id))).find((tier) => tier.membersOnly);
    const tier =
      existing ?? (await database.db().insert(ticketTiers).values({ eventId: gala.id, name: 'Members’ table', priceCents: 5000, quantityCap: 50, membersOnly: true, sortOrder: 99 }).returning())[0]!;
    return { id: gala.id, tier };
  }
  const as = (cookie: string) => ({ headers: { cookie } });
  async function member() {
    const { account, cookie } = await createSignedInAccount(database.db());
    await database
      .db()
      .insert(membershipApplications)
      .values({
        userId: account.id,
        email: account.email,
        firstName: 'A',
        lastName: 'B',
        homeAddress: 'X',
        membershipType: 'annual',
        status: 'approved',
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
      });
    return cookie;
  }

  it('tells the card who is looking: a guest, an account without an approved membership, a member', async () => {
    const { id } = await galaWithMembersTier();
    const viewerOf = async (cookie: string) => (await eventLoader(args('/events/x', { id: String(id) }, as(cookie)))).viewer;
    expect(await viewerOf('')).toBe('guest');
    expect(await viewerOf((await createSignedInAccount(database.db())).cookie)).toBe('non-member');
    expect(await viewerOf(await member())).toBe('member');
  });

  it('refuses a guest’s members-only seats at the card (403, naming the tier), and leads a member to the order page', async () => {
    const { id, tier } = await galaWithMembersTier();
    const post = (cookie: string) => eventAction(args(`/events/${id}`, { id: String(id) }, { method: 'POST', body: new URLSearchParams({ [`qty-${tier.id}`]: '2' }), ...as(cookie) }));
    for (const cookie of ['', (await createSignedInAccount(database.db())).cookie]) {
      const refused = (await post(cookie)) as unknown as DataResult;
      expect(refused.init?.status).toBe(403);
      expect(refused.data).toEqual({ fieldError: '“Members’ table” is for approved members of the association. Sign in with your member account, or choose another ticket.' });
    }
    const accepted = (await post(await member())) as Response;
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get('Location')).toBe(`/events/${id}/order?seats=${tier.id}x2`);
  });
});

describe('document downloads', () => {
  it('serves public documents, refuses members-only ones and 404s the rest', async () => {
    const { constitution } = await aboutLoader();
    const file = await documentLoader(args('/d', { id: String(constitution!.id) }));
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toBe('attachment; filename="constitution.pdf"');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect((await documentLoader(args('/d', { id: '99999' }))).status).toBe(404);
    expect((await documentLoader(args('/d', { id: 'abc' }))).status).toBe(404);
  });

  it('open members-only documents to active members and staff, and send everyone else to the page that explains how to join', async () => {
    const minutes = (await database.db().query.documents.findMany()).find((doc) => doc.type === 'minutes')!;
    const download = async (cookie: string) => {
      const response = await documentLoader(args(`/documents/${minutes.id}/download`, { id: String(minutes.id) }, { headers: { cookie } }));
      return response.status === 302 ? response.headers.get('Location') : response.status;
    };
    const explained = `/members-only?document=${minutes.id}`;
    const withApplication = async (status: 'pending_payment' | 'pending_approval' | 'approved' | 'rejected', expiresAt: Date | null) => {
      const { account, cookie } = await createSignedInAccount(database.db());
      await database.db().insert(membershipApplications).values({
        userId: account.id,
        email: account.email,
        firstName: 'A',
        lastName: 'B',
        homeAddress: 'X',
        membershipType: 'annual',
        status,
        expiresAt,
      });
      return cookie;
    };
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    expect(await download('')).toBe(explained);
    expect(await download((await createSignedInAccount(database.db())).cookie)).toBe(explained);
    expect(await download(await withApplication('pending_approval', nextYear))).toBe(explained);
    expect(await download(await withApplication('rejected', nextYear))).toBe(explained);
    // Expired: access lasts for the grace period (30 days by default), then ends.
    expect(await download(await withApplication('approved', new Date(Date.now() - 86_400_000)))).toBe(200);
    expect(await download(await withApplication('approved', new Date(Date.now() - 31 * 86_400_000)))).toBe(explained);
    expect(await download(await withApplication('approved', nextYear))).toBe(200);
    expect(await download((await createSignedInAccount(database.db(), { role: 'editor' })).cookie)).toBe(200);
    expect(await download((await createSignedInAccount(database.db(), { role: 'finance' })).cookie)).toBe(200);
  });

  it('the members-only page answers 403 and says what stands in the way', async () => {
    const { loader: membersOnlyLoader } = await import('~/routes/_site/members-only');
    const guest = (await membersOnlyLoader(args('/members-only?document=2'))) as unknown as { data: unknown; init: ResponseInit };
    expect(guest.init.status).toBe(403);
    expect(guest.data).toEqual({ signedIn: false, standing: 'none' });
  });
});

describe('health check', () => {
  it('answers ok while the database answers', async () => {
    const response = await healthLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
