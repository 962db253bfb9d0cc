/** The membership page's action, the success page and the webhook route, posted to directly. */
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { membershipApplications } from '~/db/schema/membership';
import { checkoutSessions, payments } from '~/db/schema/payments';
import { findAccountByEmail } from '~/features/accounts/accounts.server';
import { applicantCookieHeader } from '~/features/membership/applicant-cookie.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { env } from '~/lib/env.server';
import { messages } from '~/lib/messages';
import { action as membershipAction, loader as membershipLoader } from '~/routes/_site/membership';
import { action as webhookAction, loader as webhookLoader } from '~/routes/api/webhooks.stripe';
import { loader as successLoader } from '~/routes/payment/success';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
let memberCookie = '';
let applicantCookie = '';

beforeAll(async () => {
  await createSiteSettings(database.db());
  const { account, cookie } = await createSignedInAccount(database.db(), { email: 'applicant@example.org', name: 'Malini Abeysekera' });
  memberCookie = cookie;
  applicantCookie = (await applicantCookieHeader({ userId: account.id, email: account.email, name: account.name })).split(';')[0]!;
});

// Each test applies afresh: a paid application of another test would refuse the next (one membership at a time).
beforeEach(async () => {
  const account = await findAccountByEmail('applicant@example.org');
  await database.db().delete(membershipApplications).where(eq(membershipApplications.userId, account!.id));
});

const args = routeArgs;
const postForm = (fields: Record<string, string>, cookie = memberCookie) =>
  membershipAction(args('/membership?plan=annual', { method: 'POST', body: new URLSearchParams(fields), headers: { cookie, 'x-client-ip': '192.0.2.201' } }));

type Reply = { data: { result?: { error?: Record<string, string[] | null> | null } }; init: ResponseInit | null };
async function settle(run: () => Promise<unknown>) {
  try {
    const result = (await run()) as Reply;
    const errors = result.data?.result?.error ?? {};
    return { status: result.init?.status ?? 200, errors, formErrors: errors[''] ?? [], location: null as string | null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, errors: {}, formErrors: [], location: error.headers.get('Location') };
    throw error;
  }
}
const applicationCount = async () => (await database.db().select({ n: count() }).from(membershipApplications))[0]!.n;

const valid = { intent: 'apply', membershipType: 'annual', firstName: 'Malini', lastName: 'Abeysekera', homeAddress: '1 Bay Street, Toronto' };

describe('membership application posted directly', () => {
  it.each([
    ['missing required fields', { intent: 'apply', membershipType: 'annual' }, { firstName: 'First name is required.', lastName: 'Last name is required.', homeAddress: 'Home address is required.' }],
    ['an unknown plan', { ...valid, membershipType: 'platinum' }, { membershipType: 'Choose a membership plan.' }],
    [
      'years outside 1900 to this year',
      { ...valid, olYear: '1899', alYear: '3000' },
      { olYear: `O/L year must be a year from 1900 to ${new Date().getUTCFullYear()}.`, alYear: `A/L year must be a year from 1900 to ${new Date().getUTCFullYear()}.` },
    ],
    ['a study end before its start', { ...valid, studyStartDate: '1990-05-01', studyEndDate: '1989-05-01' }, { studyEndDate: 'Study end date cannot be before the start date.' }],
    [
      '10 KB strings',
      { ...valid, firstName: 'x'.repeat(10_240), homeAddress: 'y'.repeat(10_240), phoneNumber: 'z'.repeat(10_240) },
      {
        firstName: 'First name must be at most 80 characters.',
        homeAddress: 'Home address must be at most 500 characters.',
        phoneNumber: 'Telephone must be at most 40 characters.',
      },
    ],
    [
      'non-numeric years and impossible dates',
      { ...valid, olYear: 'ninety', studyStartDate: '2020-13-45' },
      { olYear: `O/L year must be a year from 1900 to ${new Date().getUTCFullYear()}.`, studyStartDate: 'Study start date must be a valid date.' },
    ],
  ])('%s → 400, field messages, no row', async (_name, fields, expected) => {
    const before = await applicationCount();
    const result = await settle(() => postForm(fields));
    expect(result.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(result.errors[field]?.[0]).toBe(message);
    expect(await applicationCount()).toBe(before);
  });

  it('refuses a visitor with neither a session nor a new account', async () => {
    const before = await applicationCount();
    expect((await settle(() => postForm(valid, ''))).status).toBe(400);
    expect((await settle(() => postForm({ intent: 'create-account', email: '', password: '' }, ''))).status).toBe(400);
    expect((await settle(() => postForm({ intent: 'create-account', email: 'applicant@example.org', password: 'whatever pw' }, ''))).status).toBe(409);
    expect(await applicationCount()).toBe(before);
  });

  it('a created account goes back to the form by a redirect, so the page knows the applicant with or without JavaScript', async () => {
    const response = (await postForm({ intent: 'create-account', email: 'new.applicant@example.org', password: 'a long enough password' }, '')) as unknown as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/membership?plan=annual#apply');
    const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]!);
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(expect.arrayContaining(['ppa_applicant', 'ppa_toast']));
    const page = (await membershipLoader(args('/membership?plan=annual', { headers: { cookie: cookies.join('; ') } }))) as { account: unknown };
    expect(page.account).toEqual({ email: 'new.applicant@example.org', signedIn: false });
  });

  it('without JavaScript, a valid application goes straight to the checkout', async () => {
    const result = await settle(() => postForm(valid));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/payment\/test-checkout\/tcs_[0-9a-f]+$/);
    const [session] = await database
      .db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, result.location!.split('/').at(-1)!));
    const [row] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, session!.referenceId));
    expect(row).toMatchObject({ status: 'pending_payment', membershipType: 'annual', firstName: 'Malini', email: 'applicant@example.org' });
  });

  it('when the checkout cannot start: the page says so under the form, and no application is left', async () => {
    const before = await applicationCount();
    const config = env();
    config.isProduction = true; // the test provider is refused in production without ALLOW_TEST_PAYMENTS
    try {
      const result = await settle(() => postForm({ ...valid, js: '1' }));
      expect(result.status).toBe(503);
      expect(result.formErrors).toEqual(['Online payment is not available right now. Please contact us.']);
    } finally {
      config.isProduction = false;
    }
    expect(await applicationCount()).toBe(before);
  });

  it('an applicant who created their account in the form names it after the application', async () => {
    const result = await settle(() => postForm({ ...valid, firstName: 'Malini R.', js: '1' }, applicantCookie));
    expect(result.status).toBe(200);
    expect((await findAccountByEmail('applicant@example.org'))?.name).toBe('Malini R. Abeysekera');
  });
});

describe('payment success page', () => {
  it('confirms a paid session once however often it is loaded, and not a made-up one', async () => {
    const result = await settle(() => postForm(valid));
    const sessionId = result.location!.split('/').at(-1)!;
    expect(await successLoader(args(`/payment-success?session_id=${sessionId}`))).toMatchObject({ state: 'unconfirmed' });
    await payTestCheckout(sessionId);
    for (let reload = 0; reload < 10; reload += 1) {
      expect(await successLoader(args(`/payment-success?session_id=${sessionId}`))).toMatchObject({ state: 'confirmed', kind: 'membership' });
    }
    expect(await database.db().select().from(payments).where(eq(payments.checkoutSessionId, sessionId))).toHaveLength(1);
    expect(await successLoader(args('/payment-success?session_id=cs_test_made_up'))).toMatchObject({ state: 'unconfirmed', reference: 'cs_test_made_up' });
    expect(await successLoader(args(`/payment-success?session_id=${'x'.repeat(10_000)}`))).toMatchObject({ state: 'thanks' });
    expect(await successLoader(args('/payment-success'))).toMatchObject({ state: 'thanks' });
  });
});

describe('a second application', () => {
  it('is refused while the first is paid, with the way to the portal, and nothing is stored', async () => {
    await payTestCheckout((await settle(() => postForm(valid))).location!.split('/').at(-1)!);
    const before = await applicationCount();
    const result = await settle(() => postForm(valid));
    expect(result.status).toBe(409);
    expect(result.formErrors).toEqual([messages.alreadyApplied]);
    expect(await applicationCount()).toBe(before);
    const page = (await membershipLoader(args('/membership?plan=annual', { headers: { cookie: memberCookie } }))) as { alreadyApplied: boolean };
    expect(page.alreadyApplied).toBe(true);
  });
});

describe('Stripe webhook route', () => {
  it('answers 404 while Stripe is not configured, 405 to GET', async () => {
    const response = (await webhookAction(args('/api/webhooks/stripe', { method: 'POST', body: '{}' }))) as Response;
    expect(response.status).toBe(404);
    expect(((await webhookLoader()) as Response).status).toBe(405);
  });
});

describe('members portal', () => {
  it('re-sends a receipt of the member’s own payment, and only theirs', async () => {
    const { action: portalAction } = await import('~/routes/portal/payments');
    const account = await findAccountByEmail('applicant@example.org');
    await payTestCheckout((await settle(() => postForm(valid))).location!.split('/').at(-1)!);
    const [payment] = await database.db().select().from(payments).where(eq(payments.userId, account!.id)).limit(1);
    const receiptsBefore = (await deliveredMailsTo('applicant@example.org')).filter((mail) => mail.subject?.startsWith('Your receipt')).length;
    const post = (paymentId: string) =>
      portalAction(args('/members-portal/payments', { method: 'POST', body: new URLSearchParams({ intent: 'resend-receipt', paymentId }), headers: { cookie: memberCookie } })) as Promise<{
        init: ResponseInit | null;
      }>;
    expect((await post(payment!.id)).init?.status ?? 200).toBe(200);
    expect((await deliveredMailsTo('applicant@example.org')).filter((mail) => mail.subject?.startsWith('Your receipt')).length).toBe(receiptsBefore + 1);
    expect((await post('00000000-0000-0000-0000-000000000000')).init?.status).toBe(404);
    expect((await post('not-a-payment-id')).init?.status).toBe(404);
    const { account: other, cookie: otherCookie } = await createSignedInAccount(database.db());
    const someoneElses = portalAction(
      args('/members-portal/payments', { method: 'POST', body: new URLSearchParams({ intent: 'resend-receipt', paymentId: payment!.id }), headers: { cookie: otherCookie } }),
    ) as Promise<{ init: ResponseInit | null }>;
    expect((await someoneElses).init?.status).toBe(404);
    expect(await deliveredMailsTo(other.email)).toEqual([]);
  });
});

describe('the member’s own data', () => {
  const portal = async () => (await import('~/routes/portal/profile')).action;
  const postDetails = async (fields: Record<string, string>, cookie = memberCookie) => {
    const result = (await (
      await portal()
    )(args('/members-portal', { method: 'POST', body: new URLSearchParams({ intent: 'details', ...fields }), headers: { cookie } }))) as {
      data: { detailsResult?: { error?: Record<string, string[] | null> | null } };
      init: ResponseInit | null;
    };
    return { status: result.init?.status ?? 200, errors: result.data.detailsResult?.error ?? {} };
  };

  it('corrects name, telephone and address; bad input changes nothing', async () => {
    await settle(() => postForm(valid));
    const account = await findAccountByEmail('applicant@example.org');
    const [before] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.userId, account!.id));

    const refused = await postDetails({ firstName: '', lastName: 'Abeysekera', homeAddress: 'x'.repeat(600), phoneNumber: 'call \u0007 me' });
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      firstName: ['First name is required.'],
      homeAddress: ['Home address must be at most 500 characters.'],
      phoneNumber: ['Telephone contains characters that are not allowed.'],
    });
    expect((await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, before!.id)))[0]).toEqual(before);

    const saved = await postDetails({ firstName: 'Malini', lastName: 'Perera', phoneNumber: '+1 416 555 0199', homeAddress: '77 Queen Street East, Toronto' });
    expect(saved.status).toBe(200);
    const [after] = await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, before!.id));
    expect(after).toMatchObject({ lastName: 'Perera', phoneNumber: '+1 416 555 0199', homeAddress: '77 Queen Street East, Toronto' });
    expect((await findAccountByEmail('applicant@example.org'))?.name).toBe('Malini Perera');
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, before!.id));
    expect(entry).toMatchObject({ action: 'member.details', actorEmail: 'applicant@example.org' });
    expect(JSON.parse(entry!.toValue!)).toEqual({ lastName: 'Perera', phoneNumber: '+1 416 555 0199', homeAddress: '77 Queen Street East, Toronto' });
  });

  it('without an application there is nothing to correct', async () => {
    const { cookie } = await createSignedInAccount(database.db());
    const result = await postDetails({ firstName: 'A', lastName: 'B', homeAddress: 'C' }, cookie);
    expect(result.status).toBe(404);
  });

  it('downloads the member’s data as JSON, theirs only', async () => {
    await payTestCheckout((await settle(() => postForm(valid))).location!.split('/').at(-1)!);
    const { loader: myData } = await import('~/routes/portal/my-data');
    const response = (await myData(args('/members-portal/my-data.json', { headers: { cookie: memberCookie } }))) as Response;
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const body = (await response.json()) as { account: { email: string }; membershipApplications: unknown[]; payments: { amountCents: number }[] };
    expect(body.account.email).toBe('applicant@example.org');
    expect(body.membershipApplications).toHaveLength(1);
    expect(body.payments.some((payment) => payment.amountCents === 5000)).toBe(true);
    const { cookie: otherCookie } = await createSignedInAccount(database.db());
    const other = (await (await myData(args('/members-portal/my-data.json', { headers: { cookie: otherCookie } }))).json()) as { membershipApplications: unknown[]; payments: unknown[] };
    expect(other).toMatchObject({ membershipApplications: [], payments: [] });
    await expect(Promise.resolve().then(() => myData(args('/members-portal/my-data.json')))).rejects.toMatchObject({ status: 302 });
  });
});
