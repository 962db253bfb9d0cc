/**
 * A member changes their email address (docs/product.md#my-profile): the portal's 'Change email'
 * posted directly, the link in the mail followed through better-auth's real handler.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import { findAccountByEmail, signIn } from '~/features/accounts/accounts.server';
import { auth, callAuthEndpoint } from '~/features/accounts/auth.server';
import { env } from '~/lib/env.server';
import { messages } from '~/lib/messages';
import { action as portalAction, loader as portalLoader } from '~/routes/portal/profile';
import { createAccount, sessionCookie, testPassword } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { linkIn } from '../setup/outbox';
import { deliveredMailsTo, withOutboxUnwritable } from '../setup/mail-delivery';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Test Past Pupils Association' });
});

let ip = 1;
/** Each post from its own address, so the per-IP limit of one test does not touch another. */
const nextIp = () => `192.0.2.${ip++}`;

let serial = 0;
/** A signed-in member with a password and one membership application under their address. */
async function member() {
  serial += 1;
  const email = `member-${serial}-${Date.now()}@example.org`;
  const account = await createAccount(database.db(), { email, name: 'Ruwan Silva', password: testPassword });
  const [application] = await database
    .db()
    .insert(membershipApplications)
    .values({ userId: account.id, firstName: 'Ruwan', lastName: 'Silva', email, homeAddress: '1 Bay St, Toronto', membershipType: 'annual', status: 'approved' })
    .returning();
  return { account, application: application!, cookie: await sessionCookie(email) };
}

type Reply = { data: { emailResult?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null }; emailSentTo?: string | null }; init: ResponseInit | null };

async function changeEmail(cookie: string, fields: Record<string, string>, from = nextIp()) {
  const result = (await portalAction(
    routeArgs('/members-portal', { method: 'POST', body: new URLSearchParams({ intent: 'change-email', ...fields }), headers: { cookie, 'x-client-ip': from } }),
  )) as Reply;
  return {
    status: result.init?.status ?? 200,
    errors: result.data.emailResult?.error ?? {},
    values: result.data.emailResult?.initialValue ?? {},
    sentTo: result.data.emailSentTo ?? null,
  };
}

const confirmations = async (to: string) => (await deliveredMailsTo(to)).filter((mail) => mail.subject?.startsWith('Confirm your new email address'));
const notices = async (to: string) => (await deliveredMailsTo(to)).filter((mail) => mail.subject?.startsWith('A new email address was requested'));

/** Follows a mailed link as the browser does: better-auth's handler answers with a redirect. */
async function follow(link: string, cookie = '') {
  return auth().handler(new Request(link, { headers: { 'x-client-ip': nextIp(), cookie } }));
}

const emailOf = async (userId: string) => (await database.db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
const applicationEmailOf = async (id: string) => (await database.db().select({ email: membershipApplications.email }).from(membershipApplications).where(eq(membershipApplications.id, id)))[0]?.email;

describe('asking for a new address', () => {
  it('mails a link to the new address and a notice to the current one, and changes nothing yet', async () => {
    const { account, application, cookie } = await member();
    const result = await changeEmail(cookie, { newEmail: '  Ruwan.New@Example.org ', currentPassword: testPassword });
    expect(result).toMatchObject({ status: 200, sentTo: 'ruwan.new@example.org' });

    const [confirmation] = await confirmations('ruwan.new@example.org');
    expect(confirmation?.subject).toBe('Confirm your new email address for Test Past Pupils Association');
    expect(confirmation?.text).toContain('You asked to use ruwan.new@example.org for your account');
    expect(linkIn(confirmation!, '/api/auth/verify-email')).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=%2Fmembers-portal%3Femail%3Dchanged$/);
    expect(confirmation?.html).toContain('Confirm my new email address');

    const [notice] = await notices(account.email);
    expect(notice?.text).toContain('asked to change its email address to ruwan.new@example.org');
    expect(linkIn(notice!, '/forgot-password')).toBe('http://localhost:3000/forgot-password');

    expect(await emailOf(account.id)).toBe(account.email);
    expect(await applicationEmailOf(application.id)).toBe(account.email);
    expect(await signIn(new Request('http://localhost/login', { headers: { 'x-client-ip': nextIp() } }), { email: 'ruwan.new@example.org', password: testPassword })).toMatchObject({
      ok: false,
      reason: 'invalid-credentials',
    });
  });

  it.each([
    ['nothing', {}, { newEmail: 'Email is required.', currentPassword: 'Password is required.' }],
    ['a malformed address', { newEmail: 'not-an-address', currentPassword: testPassword }, { newEmail: 'Enter a valid email address.' }],
    ['an address of 10 KB', { newEmail: `${'x'.repeat(10_240)}@example.org`, currentPassword: testPassword }, { newEmail: 'Email is too long.' }],
    [
      'control characters',
      { newEmail: 'bell\u0007@example.org', currentPassword: `${testPassword}\u0008` },
      { newEmail: 'Enter a valid email address.', currentPassword: 'Password contains characters that are not allowed.' },
    ],
    ['the wrong password', { newEmail: 'elsewhere@example.org', currentPassword: 'not my password' }, { currentPassword: messages.wrongPassword }],
  ])('refuses %s with field messages, keeps the address typed, and changes nothing', async (_name, fields, expected) => {
    const { account, application, cookie } = await member();
    const result = await changeEmail(cookie, fields);
    expect(result.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(result.errors[field]?.[0]).toBe(message);
    if ('newEmail' in fields) expect(result.values.newEmail).toBe(fields.newEmail);
    expect(result.values.currentPassword).toBeUndefined();
    expect(await emailOf(account.id)).toBe(account.email);
    expect(await applicationEmailOf(application.id)).toBe(account.email);
    expect(await notices(account.email)).toEqual([]);
    expect(await confirmations('elsewhere@example.org')).toEqual([]);
  });

  it('refuses the address the account already has, in any case', async () => {
    const { account, cookie } = await member();
    const result = await changeEmail(cookie, { newEmail: account.email.toUpperCase(), currentPassword: testPassword });
    expect(result.status).toBe(400);
    expect(result.errors.newEmail).toEqual([messages.sameEmail]);
    expect(await notices(account.email)).toEqual([]);
  });

  it('answers an address another account has as any other, sends it nothing and changes nothing', async () => {
    const { account, cookie } = await member();
    const other = await createAccount(database.db(), { email: `taken-${Date.now()}@example.org` });
    const result = await changeEmail(cookie, { newEmail: other.email, currentPassword: testPassword });
    expect(result).toMatchObject({ status: 200, sentTo: other.email });
    expect(await deliveredMailsTo(other.email)).toEqual([]);
    expect(await emailOf(account.id)).toBe(account.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('needs the current password even when /api/auth/change-email is called directly', async () => {
    const { account, cookie } = await member();
    const request = new Request('http://localhost/members-portal', { headers: { cookie, 'x-client-ip': nextIp() } });
    const without = await callAuthEndpoint(request, '/change-email', { newEmail: 'direct@example.org', callbackURL: '/members-portal' });
    expect(without.response.status).toBe(400);
    expect(await without.response.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const elsewhere = await callAuthEndpoint(request, '/change-email', { newEmail: 'direct@example.org', currentPassword: testPassword, callbackURL: 'https://evil.example/' });
    expect(elsewhere.response.status).toBe(400);
    expect(await confirmations('direct@example.org')).toEqual([]);
    expect(await emailOf(account.id)).toBe(account.email);
  });

  it('limits password guesses like sign-in', async () => {
    const { cookie } = await member();
    const from = nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < env().authRateLimit + 1; attempt += 1) {
      statuses.push((await changeEmail(cookie, { newEmail: 'guess@example.org', currentPassword: `guess number ${attempt}` }, from)).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('says so when the mail cannot be queued, and sends no notice', async () => {
    const { account, cookie } = await member();
    const result = await withOutboxUnwritable(database.db(), () => changeEmail(cookie, { newEmail: 'unreachable@example.org', currentPassword: testPassword }));
    expect(result.status).toBe(503);
    expect(result.errors['']).toEqual([messages.errorSendingEmail.description]);
    // The outbox's table is gone: the log names the failure by its SQLSTATE (42P01), never the query's values.
    expect(takeConsoleErrors().join('\n')).toContain('(42P01)');
    expect(await notices(account.email)).toEqual([]);
    expect(await emailOf(account.id)).toBe(account.email);
  });
});

describe('following the link', () => {
  it('changes the account’s address and its applications’, back on the portal; only the new address signs in', async () => {
    const { account, application, cookie } = await member();
    const newEmail = `moved-${Date.now()}@example.org`;
    await changeEmail(cookie, { newEmail, currentPassword: testPassword });
    const link = linkIn((await confirmations(newEmail))[0]!, '/api/auth/verify-email');

    const followed = await follow(link, cookie);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('Location')).toBe('/members-portal?email=changed');
    expect(await findAccountByEmail(newEmail)).toMatchObject({ id: account.id, emailVerified: true });
    expect(await applicationEmailOf(application.id)).toBe(newEmail);

    // The portal turns the return address into a toast and a clean address.
    const landing = await portalLoader(routeArgs('/members-portal?email=changed', { headers: { cookie } })).catch((thrown: unknown) => thrown);
    expect(landing).toBeInstanceOf(Response);
    expect((landing as Response).headers.get('Location')).toBe('/members-portal');
    expect((landing as Response).headers.get('Set-Cookie')).toContain('ppa_toast=');

    const visitor = () => new Request('http://localhost/login', { headers: { 'x-client-ip': nextIp() } });
    expect(await signIn(visitor(), { email: newEmail, password: testPassword })).toMatchObject({ ok: true });
    expect(await signIn(visitor(), { email: account.email, password: testPassword })).toMatchObject({ ok: false, reason: 'invalid-credentials' });

    // A second click finds the change made: refused, nothing else moves.
    const again = await follow(link);
    expect(again.headers.get('Location')).toMatch(/^\/members-portal\?email=changed&error=/);
    expect(await emailOf(account.id)).toBe(newEmail);
  });

  it('works without being signed in (another device)', async () => {
    const { account, application, cookie } = await member();
    const newEmail = `phone-${Date.now()}@example.org`;
    await changeEmail(cookie, { newEmail, currentPassword: testPassword });
    const followed = await follow(linkIn((await confirmations(newEmail))[0]!, '/api/auth/verify-email'));
    expect(followed.headers.get('Location')).toBe('/members-portal?email=changed');
    expect(await emailOf(account.id)).toBe(newEmail);
    expect(await applicationEmailOf(application.id)).toBe(newEmail);
  });

  it('is refused once the password has changed since it was sent', async () => {
    const { account, application, cookie } = await member();
    const newEmail = `attacker-${Date.now()}@example.org`;
    await changeEmail(cookie, { newEmail, currentPassword: testPassword });
    // The owner, warned by the notice, chooses a new password (a moment later).
    const context = await auth().$context;
    await context.internalAdapter.updatePassword(account.id, await context.password.hash('the owner’s new password'));
    await database
      .db()
      .update(accounts)
      .set({ updatedAt: sql`now() + interval '2 seconds'` })
      .where(eq(accounts.userId, account.id));

    const followed = await follow(linkIn((await confirmations(newEmail))[0]!, '/api/auth/verify-email'));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('Location')).toBe('/members-portal?email=changed&error=PASSWORD_CHANGED');
    expect(await emailOf(account.id)).toBe(account.email);
    expect(await applicationEmailOf(application.id)).toBe(account.email);
  });

  it('is refused when another account has taken the address meanwhile', async () => {
    const { account, cookie } = await member();
    const newEmail = `contested-${Date.now()}@example.org`;
    await changeEmail(cookie, { newEmail, currentPassword: testPassword });
    await createAccount(database.db(), { email: newEmail });
    const followed = await follow(linkIn((await confirmations(newEmail))[0]!, '/api/auth/verify-email'));
    expect(followed.headers.get('Location')).toBe('/members-portal?email=changed&error=EMAIL_IN_USE');
    expect(await emailOf(account.id)).toBe(account.email);
  });

  it('shows the refusal on the portal as a toast', async () => {
    const { cookie } = await member();
    const landing = (await portalLoader(routeArgs('/members-portal?email=changed&error=INVALID_TOKEN', { headers: { cookie } })).catch((thrown: unknown) => thrown)) as Response;
    expect(landing.headers.get('Location')).toBe('/members-portal');
  });
});
