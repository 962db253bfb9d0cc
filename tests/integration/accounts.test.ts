/** Accounts through better-auth's real handler on a fresh database: sign-up, verification, sign-in, limits, roles. */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { accounts, sessions, users } from '~/db/schema/auth';
import { ensureAdminAccount, findAccountByEmail, setAccountRole } from '~/features/accounts/accounts.server';
import { auth, callAuthEndpoint, readSessionUser, resetAnswerFloor } from '~/features/accounts/auth.server';
import { requireRole } from '~/features/accounts/route-guards.server';
import { mailFolder } from '~/features/mail/mail.server';
import { deliverDueMail } from '~/features/mail/outbox.server';
import { env } from '~/lib/env.server';
import { commandLineActor } from '~/lib/roles';
import { createAccount, testPassword } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { takeConsoleErrors } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';
import { linkIn, mailsTo } from '../setup/outbox';
import { deliveredMailsTo, outboxRowsTo, withOutboxUnwritable } from '../setup/mail-delivery';
import { freePort } from '../setup/server-process';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Test Past Pupils Association' });
});

let ipCounter = 10;
/** A visitor from their own IP address, so rate limits of one test do not touch another. */
function visitor(cookie = '') {
  const ip = `203.0.113.${ipCounter++}`;
  return new Request('http://localhost/login', { headers: { 'x-client-ip': ip, cookie } });
}

function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function signUp(email: string, password = 'correct horse battery', name = 'Anjali Fernando') {
  return callAuthEndpoint(visitor(), '/sign-up/email', { name, email, password, callbackURL: '/login?verified=1' });
}

async function verify(email: string) {
  const [mail] = (await deliveredMailsTo(email)).slice(-1);
  const link = linkIn(mail!, '/api/auth/verify-email');
  return auth().handler(new Request(link, { headers: { 'x-client-ip': '198.51.100.1' } }));
}

describe('sign-up and verification', () => {
  it('creates a member account, mails a verification link, and refuses sign-in until it is followed', async () => {
    const { response, mailFailed } = await signUp('anjali@example.org');
    expect(response.status).toBe(200);
    expect(mailFailed).toBe(false);
    const account = await findAccountByEmail('anjali@example.org');
    expect(account).toMatchObject({ name: 'Anjali Fernando', role: 'member', emailVerified: false });

    const [mail] = await deliveredMailsTo('anjali@example.org');
    expect(mail?.subject).toBe('Verify your email address for Test Past Pupils Association');
    expect(mail?.html).toContain('Test Past Pupils Association');
    expect(mail?.from?.text).toContain('Test Past Pupils Association');

    const early = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'anjali@example.org', password: 'correct horse battery' });
    expect(early.response.status).toBe(403);
    expect(await early.response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const verified = await verify('anjali@example.org');
    expect(verified.status).toBe(302);
    expect(verified.headers.get('Location')).toBe('/login?verified=1');
    expect((await findAccountByEmail('anjali@example.org'))?.emailVerified).toBe(true);

    const signedIn = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'anjali@example.org', password: 'correct horse battery' });
    expect(signedIn.response.status).toBe(200);
    const cookie = cookiesFrom(signedIn.response);
    expect(signedIn.response.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    const user = await readSessionUser(new Request('http://localhost/', { headers: { cookie } }));
    expect(user).toMatchObject({ email: 'anjali@example.org', name: 'Anjali Fernando', role: 'member' });
  });

  it('answers a wrong password with 401 and better-auth’s message', async () => {
    await signUp('wrong@example.org');
    await verify('wrong@example.org');
    const attempt = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'wrong@example.org', password: 'not the password' });
    expect(attempt.response.status).toBe(401);
    expect(await attempt.response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('queues the verification mail while the mail server is down; it leaves once the server is back', async () => {
    const config = env();
    const original = config.smtpUrl;
    config.smtpUrl = `smtp://127.0.0.1:${await freePort()}`; // nothing listens there
    try {
      const { response, mailFailed } = await signUp('unreachable@example.org');
      expect(response.status).toBe(200);
      expect(mailFailed).toBe(false);
      // Counted by its own row: tests run in random order, and mail another test left waiting (the
      // reset mail of the floor test, queued after its answer) is tried in the same run.
      expect(await deliverDueMail()).toMatchObject({ sent: 0 });
      expect(await outboxRowsTo(database.db(), 'unreachable@example.org')).toEqual([
        expect.objectContaining({ kind: 'verification', status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') }),
      ]);
      expect(await mailsTo(mailFolder(), 'unreachable@example.org')).toEqual([]);
    } finally {
      config.smtpUrl = original;
    }
    await deliverDueMail({ clock: () => new Date(Date.now() + 61_000) });
    expect((await deliveredMailsTo('unreachable@example.org')).map((mail) => mail.subject)).toEqual(['Verify your email address for Test Past Pupils Association']);
  });

  it('reports a verification mail that could not be queued', async () => {
    const { response, mailFailed } = await withOutboxUnwritable(database.db(), () => signUp('unqueued@example.org'));
    expect(response.status).toBe(200);
    expect(mailFailed).toBe(true);
    // The outbox's table is gone: the log names the failure by its SQLSTATE (42P01), never the query's values.
    expect(takeConsoleErrors().join('\n')).toContain('(42P01)');
  });
});

describe('rate limits', () => {
  it('trip after repeated failed sign-ins from one IP while another IP still signs in', async () => {
    await signUp('limited@example.org');
    await verify('limited@example.org');
    const attacker = visitor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const { response } = await callAuthEndpoint(attacker, '/sign-in/email', { email: 'limited@example.org', password: `guess ${attempt}` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);

    const owner = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'limited@example.org', password: 'correct horse battery' });
    expect(owner.response.status).toBe(200);
  });

  it('cannot be dodged with a forged X-Forwarded-For header', async () => {
    const ip = visitor().headers.get('x-client-ip')!;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const forged = new Request('http://localhost/login', { headers: { 'x-client-ip': ip, 'x-forwarded-for': `10.0.0.${attempt}` } });
      statuses.push((await callAuthEndpoint(forged, '/sign-in/email', { email: 'nobody@example.org', password: 'whatever1' })).response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a reset link; the new password works and old sessions are gone', async () => {
    await signUp('reset@example.org');
    await verify('reset@example.org');
    const first = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'reset@example.org', password: 'correct horse battery' });
    const oldCookie = cookiesFrom(first.response);
    expect(await readSessionUser(new Request('http://localhost/', { headers: { cookie: oldCookie } }))).not.toBeNull();

    const requested = await callAuthEndpoint(visitor(), '/request-password-reset', { email: 'reset@example.org', redirectTo: '/update-password' });
    expect(requested.response.status).toBe(200);
    // The reset mail goes out after the answer (the answer must not reveal whether the address has an account).
    const resetMail = async () => (await deliveredMailsTo('reset@example.org')).find((message) => message.subject?.startsWith('Reset'));
    await expect.poll(resetMail).toBeTruthy();
    const link = linkIn((await resetMail())!, '/api/auth/reset-password/');
    const landing = await auth().handler(new Request(link));
    expect(landing.status).toBe(302);
    const token = new URL(landing.headers.get('Location')!, 'http://localhost').searchParams.get('token');
    expect(new URL(landing.headers.get('Location')!, 'http://localhost').pathname).toBe('/update-password');

    const reset = await callAuthEndpoint(visitor(), '/reset-password', { newPassword: 'a brand new password', token });
    expect(reset.response.status).toBe(200);
    expect(await readSessionUser(new Request('http://localhost/', { headers: { cookie: oldCookie } }))).toBeNull();
    const again = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'reset@example.org', password: 'a brand new password' });
    expect(again.response.status).toBe(200);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const requested = await callAuthEndpoint(visitor(), '/request-password-reset', { email: 'ghost@example.org', redirectTo: '/update-password' });
    expect(requested.response.status).toBe(200);
    expect(await deliveredMailsTo('ghost@example.org')).toEqual([]);
  });
});

describe('the answer to a password-reset request', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // The same code path, not a stopwatch: every answer waits on the floor, whether the address has
  // an account or not, and whether our form or a direct call to /api/auth asked.
  it('waits for the same floor for a known and an unknown address, posted straight to /api/auth', async () => {
    await signUp('floor@example.org');
    await verify('floor@example.org');
    const wait = vi.spyOn(resetAnswerFloor, 'wait');
    for (const email of ['floor@example.org', 'nobody-at-all@example.org']) {
      let released = false;
      let release!: () => void;
      wait.mockImplementationOnce(() => new Promise<void>((resolve) => (release = () => ((released = true), resolve()))));
      const calls = wait.mock.calls.length;
      const before = Date.now();
      const answered = auth()
        .handler(
          new Request('http://localhost:3000/api/auth/request-password-reset', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'x-client-ip': `198.51.100.${ipCounter++}` },
            body: JSON.stringify({ email, redirectTo: '/update-password' }),
          }),
        )
        .then((response) => ({ status: response.status, afterFloor: released }));
      await vi.waitFor(() => expect(wait.mock.calls.length).toBe(calls + 1));
      // Measured from when the request began, not from when the work ended.
      expect(wait.mock.calls.at(-1)![0]).toBeGreaterThanOrEqual(before);
      release();
      expect(await answered, email).toEqual({ status: 200, afterFloor: true });
    }
    wait.mockRestore();
    // The known address's reset mail is queued after the answer: wait for it and send it, so that no
    // mail of this test is left in the outbox for another one to find.
    await expect.poll(async () => (await deliveredMailsTo('floor@example.org')).filter((mail) => mail.subject?.startsWith('Reset'))).toHaveLength(1);
  });

  it('the floor is the time since the request began', async () => {
    vi.useFakeTimers();
    const startedAt = Date.now();
    vi.advanceTimersByTime(120);
    let done = false;
    const waiting = resetAnswerFloor.wait(startedAt).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(resetAnswerFloor.ms - 121);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});

describe('changing the password', () => {
  it('ends every other session of the account, also when the call asks to keep them; the session that changed it stays signed in', async () => {
    await signUp('change@example.org');
    await verify('change@example.org');
    const signIn = async () => cookiesFrom((await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'change@example.org', password: 'correct horse battery' })).response);
    const here = await signIn();
    const elsewhere = await signIn();
    const user = (cookie: string) => readSessionUser(new Request('http://localhost/', { headers: { cookie } }));
    expect(await user(elsewhere)).not.toBeNull();

    const changed = await callAuthEndpoint(visitor(here), '/change-password', { currentPassword: 'correct horse battery', newPassword: 'a fresh long password', revokeOtherSessions: false });
    expect(changed.response.status).toBe(200);
    expect(await user(elsewhere)).toBeNull();
    expect(await user(cookiesFrom(changed.response))).toMatchObject({ email: 'change@example.org' });
    const account = await findAccountByEmail('change@example.org');
    expect(await database.db().select().from(sessions).where(eq(sessions.userId, account!.id))).toHaveLength(1);
  });
});

describe('roles', () => {
  it('bootstraps a verified super_admin once, and changes roles by email', async () => {
    expect(await ensureAdminAccount({ email: 'Admin@Example.org', password: 'admin password 1' })).toBe('created');
    expect(await ensureAdminAccount({ email: 'admin@example.org', password: 'other password' })).toBe('exists');
    const admin = await findAccountByEmail('admin@example.org');
    expect(admin).toMatchObject({ role: 'super_admin', emailVerified: true });
    const credential = await database.db().select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(credential).toHaveLength(1);
    const signedIn = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'admin@example.org', password: 'admin password 1' });
    expect(signedIn.response.status).toBe(200);

    expect((await setAccountRole(commandLineActor, 'admin@example.org', 'editor')).role).toBe('editor');
    expect(await database.db().select().from(auditLog).where(eq(auditLog.entityId, admin!.id))).toEqual([
      expect.objectContaining({ actorId: null, actorEmail: 'command line (npm run user)', action: 'user.role', fromValue: 'super_admin', toValue: 'editor' }),
    ]);
    await expect(setAccountRole(commandLineActor, 'nobody@example.org', 'admin')).rejects.toMatchObject({ code: 'not_found' });
    await expect(setAccountRole({ id: admin!.id, email: admin!.email, role: 'admin' }, 'admin@example.org', 'super_admin')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('guards: no user → /login with the way back; too low a rank → /', async () => {
    const guardStatus = async (cookie: string, path: string) => {
      try {
        await requireRole(routeArgs(path, { headers: { cookie } }), 'admin');
        return 'allowed';
      } catch (error) {
        return (error as Response).headers.get('Location');
      }
    };
    expect(await guardStatus('', '/admin?tab=donations')).toBe('/login?redirectTo=%2Fadmin%3Ftab%3Ddonations');

    await signUp('member@example.org');
    await verify('member@example.org');
    const member = cookiesFrom((await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'member@example.org', password: 'correct horse battery' })).response);
    expect(await guardStatus(member, '/admin')).toBe('/');

    await setAccountRole(commandLineActor, 'member@example.org', 'admin');
    expect(await guardStatus(member, '/admin')).toBe('allowed');
  });

  it('keeps sessions in the database', async () => {
    await signUp('session@example.org');
    await verify('session@example.org');
    const signedIn = await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'session@example.org', password: 'correct horse battery' });
    const rows = await database.db().select().from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, 'session@example.org'));
    expect(rows).toHaveLength(1);
    expect(cookiesFrom(signedIn.response)).toContain(rows[0]!.sessions.token);
  });
});

describe('better-auth endpoints posted to directly', () => {
  it('apply the sign-up form’s rules: 10 KB names, short passwords and bad emails create nothing', async () => {
    const post = (body: Record<string, unknown>) =>
      auth().handler(
        new Request('http://localhost:3000/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'x-client-ip': '198.51.100.77' },
          body: JSON.stringify(body),
        }),
      );
    for (const body of [
      { name: 'x'.repeat(10_240), email: 'direct1@example.org', password: 'long enough password' },
      { name: 'Direct', email: 'direct2@example.org', password: 'short' },
      { name: 'Direct', email: 'not-an-email', password: 'long enough password' },
      { email: 'direct3@example.org', password: 'long enough password' },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
    }
    for (const email of ['direct1@example.org', 'direct2@example.org', 'direct3@example.org']) {
      expect(await findAccountByEmail(email)).toBeUndefined();
    }
  });

  const call = (method: 'GET' | 'POST', endpoint: string, body?: Record<string, unknown>, cookie = '') =>
    auth().handler(
      new Request(`http://localhost:3000/api/auth${endpoint}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'x-client-ip': `198.51.100.${ipCounter++}`, cookie },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );

  it.each(['https://evil.example/', '//evil.example', '/..//evil.example', '/\\evil.example', 'http://localhost:3000.evil.example/'])(
    'never send anyone to %s: verification, sign-up and reset links refuse it',
    async (evil) => {
      const verification = await call('GET', `/verify-email?token=whatever&callbackURL=${encodeURIComponent(evil)}`);
      expect(verification.status).toBe(400);
      expect(verification.headers.get('Location')).toBeNull();
      expect((await call('POST', '/sign-up/email', { name: 'Evil', email: 'evil-link@example.org', password: 'long enough password', callbackURL: evil })).status).toBe(400);
      expect((await call('POST', '/request-password-reset', { email: 'anyone@example.org', redirectTo: evil })).status).toBe(400);
      expect(await findAccountByEmail('evil-link@example.org')).toBeUndefined();
    },
  );

  // Dots that are not '.' (U+3002, U+FF0E, U+FF61): a URL parser turns '/。evil.example' into a host.
  it.each(['/\u3002evil.example', '/\uff0eevil.example', '/\uff61evil.example', '/\u3002/evil.example'])(
    'answer a link with another dot (%s) 400, never a 500: sign-in, sign-up, verification and reset',
    async (evil) => {
      // A right password: better-auth would put the link in its Location header as it is (a 500 before).
      await createAccount(database.db(), { email: 'dots@example.org', password: testPassword }).catch(() => undefined);
      const signIn = await call('POST', '/sign-in/email', { email: 'dots@example.org', password: testPassword, callbackURL: evil });
      expect(signIn.status).toBe(400);
      expect(signIn.headers.get('set-cookie')).toBeNull();
      expect((await call('POST', '/sign-up/email', { name: 'Evil', email: 'evil-dot@example.org', password: 'long enough password', callbackURL: evil })).status).toBe(400);
      expect((await call('GET', `/verify-email?token=whatever&callbackURL=${encodeURIComponent(evil)}`)).status).toBe(400);
      expect((await call('POST', '/request-password-reset', { email: 'anyone@example.org', redirectTo: evil })).status).toBe(400);
      expect(await findAccountByEmail('evil-dot@example.org')).toBeUndefined();
    },
  );

  it('keep links to this site working, relative or absolute', async () => {
    expect((await call('POST', '/request-password-reset', { email: 'anyone@example.org', redirectTo: '/update-password' })).status).toBe(200);
    expect((await call('POST', '/request-password-reset', { email: 'anyone@example.org', redirectTo: 'http://localhost:3000/update-password' })).status).toBe(200);
  });

  it('refuse a very common password posted straight to them, for a new account or a new password', async () => {
    const signUp = await call('POST', '/sign-up/email', { name: 'Common', email: 'common-password@example.org', password: 'Qwertyuiop' });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ message: 'This password is one of the most common ones. Please choose one that is harder to guess.' });
    expect(await findAccountByEmail('common-password@example.org')).toBeUndefined();
    // Refused before the token is even looked at.
    const reset = await call('POST', '/reset-password', { newPassword: '1234567890', token: 'whatever' });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ message: 'This password is one of the most common ones. Please choose one that is harder to guess.' });
  });

  it('cap every field of a signed-in profile update, and refuse control characters', async () => {
    await signUp('profile@example.org');
    await verify('profile@example.org');
    const cookie = cookiesFrom((await callAuthEndpoint(visitor(), '/sign-in/email', { email: 'profile@example.org', password: 'correct horse battery' })).response);
    expect((await call('POST', '/update-user', { name: 'x'.repeat(250_000) }, cookie)).status).toBe(400);
    expect((await call('POST', '/update-user', { name: 'Nul\u0000Byte' }, cookie)).status).toBe(400);
    expect((await call('POST', '/update-user', { image: 'y'.repeat(5000) }, cookie)).status).toBe(400);
    expect((await findAccountByEmail('profile@example.org'))?.name).toBe('Anjali Fernando');
    expect((await call('POST', '/update-user', { name: 'Anjali F.' }, cookie)).status).toBe(200);
    expect((await findAccountByEmail('profile@example.org'))?.name).toBe('Anjali F.');
  });
});
