/**
 * Fuzzing the running site: every form action and every set of GET parameters, with inputs
 * fast-check generates (control characters, lone surrogates, 20 KB strings, injections, numbers
 * that are not, ids that do not exist), posted as a guest, a member and an admin. Nothing a visitor
 * sends may give a 5xx, and bad input may leave no row behind.
 */
import { request as playwrightRequest, expect, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { e2eAdmin } from '../../playwright.config';
import { linkIn, mailsTo } from '../setup/outbox';
import { outbox } from './helpers';
import { testPassword } from './journeys';

const RUNS = 1200;

const nasty = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u0007bell',
      '\r\n',
      '\t',
      '\uD800',
      'x'.repeat(20_000),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '"; drop table users; --',
      '../../etc/passwd',
      '%00',
      '%E0%A4%A',
      '{{7*7}}',
      '${7*7}',
      '💥🎉',
      'ශ්‍රී ලංකා',
      '-1',
      '0',
      '1e309',
      'NaN',
      'Infinity',
      '99999999999999999999',
      '00000000-0000-0000-0000-000000000000',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'annual',
      'life',
      'general',
      'iptv',
      'approved',
      'super_admin',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** An email that can never be valid: the anchor that keeps fuzzed records from being created. */
const invalidEmail = nasty.map((value) => value.replace(/@/g, ''));

type Role = 'guest' | 'member' | 'admin';
type Probe = { role: Role; method: 'GET' | 'POST'; path: string; form?: Record<string, string> };

const role = fc.constantFrom<Role>('guest', 'member', 'admin');
const defined = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
const fields = (names: string[]) => fc.record(Object.fromEntries(names.map((name) => [name, nasty])), { requiredKeys: [] }).map(defined);
const withExtra = (form: fc.Arbitrary<Record<string, string>>) =>
  fc.tuple(form, fc.dictionary(nasty, nasty, { maxKeys: 3 })).map(([known, extra]) => ({ ...extra, ...known }));
const oneOf = (...values: string[]) => fc.oneof(fc.constantFrom(...values), nasty);
/** Lone surrogates become U+FFFD, as a browser would send them (encodeURIComponent refuses them). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const segment = nasty.map((value) => encodeURIComponent(wellFormed(value)));
const query = (names: string[]) =>
  fields(names).map((values) => {
    const search = new URLSearchParams(values).toString();
    return search ? `?${search}` : '';
  });

const posts: fc.Arbitrary<Omit<Probe, 'role'>>[] = [
  withExtra(fc.record({ intent: oneOf('login', 'signup', 'resend'), email: invalidEmail, password: nasty, fullName: nasty })).map((form) => ({ method: 'POST', path: '/login', form })),
  withExtra(fields(['password', 'confirmPassword', 'token'])).map((form) => ({ method: 'POST', path: '/update-password', form })),
  withExtra(
    fc.record({
      intent: oneOf('create-account', 'apply'),
      email: invalidEmail,
      password: nasty,
      membershipType: nasty.filter((value) => value !== 'annual' && value !== 'life'),
      firstName: nasty,
      lastName: nasty,
      phoneNumber: nasty,
      homeAddress: nasty,
      olYear: nasty,
      alYear: nasty,
      studyStartDate: nasty,
      studyEndDate: nasty,
      js: oneOf('1'),
    }),
  ).map((form) => ({ method: 'POST', path: '/membership?plan=annual', form })),
  withExtra(
    fc.record({
      kind: oneOf('one-time', 'subscription'),
      cause: oneOf('general', 'medical', 'iptv'),
      amount: nasty,
      customAmount: nasty,
      interval: oneOf('month', 'year'),
      firstName: nasty,
      lastName: nasty,
      email: invalidEmail,
      homeAddress: nasty,
      phoneNumber: nasty,
      js: oneOf('1'),
    }),
  ).map((form) => ({ method: 'POST', path: '/donate', form })),
  fc.tuple(segment, withExtra(fields([]))).map(([token, form]) => ({ method: 'POST', path: `/donate/manage?token=${token}`, form })),
  fc.tuple(fc.constantFrom('1', '2', '3', '4', '5'), withExtra(fields(['qty-1', 'qty-2', 'qty-3', 'qty-4', 'qty-5', 'qty-6', 'qty-7', 'qty-8']))).map(
    ([id, form]) => ({ method: 'POST', path: `/events/${id}`, form }),
  ),
  withExtra(fc.record({ intent: oneOf('renew', 'cancel-subscription', 'renew-test-subscription', 'resend-receipt'), subscriptionId: nasty, paymentId: nasty })).map(
    (form) => ({ method: 'POST', path: '/members-portal', form }),
  ),
  withExtra(fc.record({ intent: oneOf('change-email'), newEmail: invalidEmail, currentPassword: nasty })).map((form) => ({ method: 'POST', path: '/members-portal', form })),
  withExtra(
    fc.record(
      {
        intent: oneOf('application-status', 'donation-status', 'settings', 'role'),
        id: nasty,
        status: oneOf('approved', 'rejected', 'completed'),
        role: nasty,
        confirmUnpaid: oneOf('1'),
        associationName: nasty,
        shortName: nasty,
        contactEmail: invalidEmail,
        contactAddress: nasty,
        facebookUrl: nasty,
      },
      { requiredKeys: ['intent', 'contactEmail'] },
    ).map(defined),
  ).map((form) => ({ method: 'POST', path: '/admin', form })),
  fc.tuple(segment, withExtra(fields(['intent', 'cardNumber']))).map(([id, form]) => ({ method: 'POST', path: `/payment/test-checkout/${id}`, form })),
  withExtra(fields(['email'])).map((form) => ({ method: 'POST', path: '/api/webhooks/stripe', form })),
];

const gets: fc.Arbitrary<Omit<Probe, 'role'>>[] = [
  query(['tab', 'status', 'q', 'page']).map((search) => ({ method: 'GET', path: `/admin${search}` })),
  query(['tab', 'status', 'q']).map((search) => ({ method: 'GET', path: `/admin/export.csv${search}` })),
  query(['tab', 'email', 'error']).map((search) => ({ method: 'GET', path: `/members-portal${search}` })),
  query(['year']).map((search) => ({ method: 'GET', path: `/admin/finance${search}` })),
  query(['year']).map((search) => ({ method: 'GET', path: `/admin/finance/totals.csv${search}` })),
  fc.tuple(segment, segment).map(([year, file]) => ({ method: 'GET', path: `/admin/finance/statements/${year}/${file}` })),
  query(['redirectTo', 'verified', 'error', 'tab']).map((search) => ({ method: 'GET', path: `/login${search}` })),
  query(['cause']).map((search) => ({ method: 'GET', path: `/donate${search}` })),
  query(['plan']).map((search) => ({ method: 'GET', path: `/membership${search}` })),
  query(['session_id']).map((search) => ({ method: 'GET', path: `/payment-success${search}` })),
  query(['token']).map((search) => ({ method: 'GET', path: `/donate/manage${search}` })),
  query(['token']).map((search) => ({ method: 'GET', path: `/update-password${search}` })),
  query(['document']).map((search) => ({ method: 'GET', path: `/members-only${search}` })),
  query(['past']).map((search) => ({ method: 'GET', path: `/committees${search}` })),
  segment.map((id) => ({ method: 'GET', path: `/news/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/events/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/admin/applications/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/documents/${id}/download` })),
  segment.map((id) => ({ method: 'GET', path: `/payment/test-checkout/${id}` })),
  fc.tuple(segment, query(['callbackURL', 'token'])).map(([pathPart, search]) => ({ method: 'GET', path: `/api/auth/${pathPart}${search}` })),
];

const probe: fc.Arbitrary<Probe> = fc.tuple(role, fc.oneof(...posts, ...gets)).map(([who, request]) => ({ role: who, ...request }));

test.describe('fuzzing every form and parameter', () => {
  test.describe.configure({ timeout: 300_000 });

  let contexts: Record<Role, APIRequestContext>;

  async function signIn(context: APIRequestContext, email: string, password: string, baseURL: string) {
    const response = await context.post('/login', { form: { intent: 'login', email, password }, headers: { Origin: baseURL }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }

  test.beforeAll(async ({ baseURL }) => {
    const origin = baseURL!;
    const make = () => playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    contexts = { guest: await make(), member: await make(), admin: await make() };
    await signIn(contexts.admin, e2eAdmin.email, e2eAdmin.password, origin);
    const memberEmail = 'fuzzy-member@example.org';
    await contexts.member.post('/login', { form: { intent: 'signup', fullName: 'Fuzzy Member', email: memberEmail, password: testPassword } });
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(outbox(), memberEmail)).find((message) => message.subject?.startsWith('Verify'));
        link = mail ? linkIn(mail, '/api/auth/verify-email') : '';
        return link;
      })
      .not.toBe('');
    await contexts.member.get(link);
    await signIn(contexts.member, memberEmail, testPassword, origin);
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(contexts).map((context) => context.dispose()));
  });

  /**
   * Rows a fuzzed post could have left behind, as an admin's exports show them. Other journeys run
   * at the same time, so only rows the fuzz could have made count: gifts whose email has no '@'
   * (every fuzzed email lacks one) and applications of the fuzzing member.
   */
  async function leftovers() {
    const rows = async (search: string) => (parse(await (await contexts.admin.get(`/admin/export.csv?${search}`)).text()) as string[][]).slice(1);
    return {
      // Columns: first_name, last_name, email, …
      gifts: (await rows('tab=donations')).filter((row) => !row[2]?.includes('@')),
      applications: await rows('tab=members&q=fuzzy-member'),
    };
  }

  test(`${RUNS} generated bad inputs as guest, member and admin: no 5xx, no rows left behind`, async () => {
    const before = await leftovers();
    expect(before).toEqual({ gifts: [], applications: [] });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(probe, async ({ role: who, method, path, form }) => {
        const context = contexts[who];
        const response = method === 'GET' ? await context.get(path, { maxRedirects: 0 }) : await context.post(path, { form, maxRedirects: 0 });
        statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
        if (response.status() >= 500) failures.push(`${who} ${method} ${path.slice(0, 200)} → ${response.status()}`);
        return response.status() < 500;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    test.info().annotations.push({ type: 'fuzz', description: `${RUNS} requests; statuses ${JSON.stringify(Object.fromEntries(statuses))}` });
    expect(failures).toEqual([]);
    // Every fuzzed post carried at least one invalid field (an email that cannot be one, an unknown
    // plan): not one of them may have written an application or a gift.
    expect(await leftovers()).toEqual({ gifts: [], applications: [] });
  });
});
