/** The donate page's action, posted to directly: the product's messages, no rows for bad input, never a 500. */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema/donations';
import { checkoutSessions } from '~/db/schema/payments';
import { action as donateAction, loader as donateLoader } from '~/routes/_site/donate';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

const post = (fields: Record<string, string>) => donateAction(postArgs('/donate', fields));

async function settle(fields: Record<string, string>) {
  try {
    const result = (await post(fields)) as { init: ResponseInit | null; data: { result?: { error?: Record<string, string[] | null> } } };
    return { status: result.init?.status ?? 200, errors: result.data.result?.error ?? {}, location: null as string | null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, errors: {}, location: error.headers.get('Location') };
    throw error;
  }
}
const rows = async () => (await database.db().select({ n: count() }).from(donations))[0]!.n;
const valid = { kind: 'gift', cause: 'general', firstName: 'Ravi', lastName: 'K', email: 'ravi@example.org', homeAddress: '1 Bay St' };

describe('one-time gifts posted directly', () => {
  it.each([
    ['0', 'Enter an amount greater than $0.'],
    ['-5', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['1e9', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['12.345', 'Use at most two decimal places.'],
    ['abc', 'Enter an amount in dollars, like 50 or 12.34.'],
    ['x'.repeat(10_240), 'Enter an amount in dollars, like 50 or 12.34.'],
  ])('amount %j → 400 and "%s", no row', async (amount, message) => {
    const before = await rows();
    const result = await settle({ ...valid, customAmount: amount });
    expect(result.status).toBe(400);
    expect(result.errors.customAmount?.[0]).toBe(message);
    expect(await rows()).toBe(before);
  });

  it('an empty form → 400 with "Please fill out all required fields." on each required field and the amount', async () => {
    const before = await rows();
    const result = await settle({ kind: 'gift' });
    expect(result.status).toBe(400);
    for (const field of ['amount', 'firstName', 'lastName', 'email', 'homeAddress']) {
      expect(result.errors[field]?.[0]).toBe('Please fill out all required fields.');
    }
    expect(await rows()).toBe(before);
  });

  it('control characters get a field message, and a NUL anywhere a 400, never a 500', async () => {
    const before = await rows();
    const bell = await settle({ ...valid, amount: '25', firstName: 'Ravi\u0007' });
    expect(bell.status).toBe(400);
    expect(bell.errors.firstName?.[0]).toBe('This field contains characters that are not allowed.');
    await expect(post({ ...valid, amount: '25', lastName: 'K\u0000' })).rejects.toMatchObject({ init: { status: 400 } });
    await expect(post({ ...valid, amount: '25', 'x\u0000': 'y' })).rejects.toMatchObject({ init: { status: 400 } });
    expect(await rows()).toBe(before);
  });

  it('an unknown kind or cause is refused, not a 500', async () => {
    expect((await settle({ ...valid, amount: '50', cause: 'yachts' })).status).toBe(400);
    expect((await settle({ ...valid, kind: 'weekly' })).status).toBe(400);
  });

  it('without JavaScript a valid gift goes straight to the checkout and is recorded pending payment', async () => {
    const result = await settle({ ...valid, amount: '25' });
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/payment\/test-checkout\/tcs_/);
    const [session] = await database
      .db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, result.location!.split('/').at(-1)!));
    const [row] = await database.db().select().from(donations).where(eq(donations.id, session!.referenceId));
    expect(row).toMatchObject({ status: 'pending_payment', amountCents: 2500, cause: 'general', donationType: 'one-time', userId: null });
  });
});

describe('IPTV subscriptions posted directly', () => {
  it('need names and email; the interval is month or year', async () => {
    expect((await settle({ kind: 'subscription' })).status).toBe(400);
    expect((await settle({ kind: 'subscription', interval: 'week', firstName: 'A', lastName: 'B', email: 'a@example.org' })).status).toBe(400);
    const ok = await settle({ kind: 'subscription', interval: 'year', firstName: 'A', lastName: 'B', email: 'a@example.org' });
    expect(ok.status).toBe(302);
  });
});

describe('donate page', () => {
  it('preselects the cause from ?cause= and falls back to general', async () => {
    const load = (url: string) => donateLoader(routeArgs(url));
    expect((await load('/donate?cause=iptv')).cause).toBe('iptv');
    expect((await load('/donate?cause=medical')).cause).toBe('medical');
    expect((await load('/donate?cause=__proto__')).cause).toBe('general');
    expect((await load('/donate')).cause).toBe('general');
  });
});

describe('when the gift cannot go to checkout', () => {
  it('answers 503 with the "Could not record donation" toast, never a 500, and keeps no unpaid gift', async () => {
    const before = await rows();
    const { env } = await import('~/lib/env.server');
    const { pendingToast } = await import('~/lib/toast.server');
    const config = env();
    config.isProduction = true; // the test provider is refused in production without ALLOW_TEST_PAYMENTS
    try {
      const posted = postArgs('/donate', { ...valid, amount: '50' });
      const result = (await donateAction(posted)) as { init: ResponseInit | null };
      expect(result.init?.status).toBe(503);
      expect(pendingToast(posted.context)).toMatchObject({ title: 'Error', description: 'Could not record donation. Please try again.' });
    } finally {
      config.isProduction = false;
    }
    expect(await rows()).toBe(before);
  });
});
