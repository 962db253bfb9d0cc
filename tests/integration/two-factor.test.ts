/**
 * Two-step sign-in (docs/product.md#security): the Security page's set-up, the second sign-in step
 * and the super admin's requirement, through our route modules and better-auth's real handler.
 * Codes are computed here from the key the page shows, as an authenticator app would (RFC 6238).
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { siteSettings } from '~/db/schema/content';
import { auth, callAuthEndpoint } from '~/features/accounts/auth.server';
import { resetTwoFactor } from '~/features/accounts/two-factor.server';
import { placeOrder } from '~/features/events/orders.server';
import { setStaffTwoFactorRequirement } from '~/features/content/settings.server';
import { messages } from '~/lib/messages';
import { commandLineActor, type Role } from '~/lib/roles';
import { action as settingsAction } from '~/routes/admin/dashboard/settings';
import { middleware as adminLayoutMiddleware } from '~/routes/admin/layout';
import { action as codeAction, loader as codeLoader } from '~/routes/_auth/login.two-factor';
import { action as loginAction } from '~/routes/_auth/login';
import { action as securityAction, loader as securityLoader } from '~/routes/portal/security';
import { action as doorAction, loader as doorLoader } from '~/routes/check-in/door';
import { loader as documentLoader } from '~/routes/documents.$id.download';
import { action as checkInAction, loader as checkInLoader } from '~/routes/_site/check-in.$eventId';
import { loader as ticketsLoader } from '~/routes/_site/tickets.$orderId';
import { createAccount, sessionCookie, testPassword } from '../factories/accounts';
import { createDocument, createEvent, createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { routeArgs, runMiddleware } from '../setup/route-args';
import { base32Decode, freshCode, totpCode, wrongCode } from '../setup/totp';

const database = setupTestDatabase();
beforeEach(async () => {
  const [row] = await database.db().select({ id: siteSettings.id }).from(siteSettings).limit(1);
  if (!row) await createSiteSettings(database.db(), { shortName: 'Test PPA' });
  await database.db().update(siteSettings).set({ staffTwoFactorRequired: false });
});

/** Each request from its own address unless a test says otherwise, so per-IP limits of one test do not touch another. */
let ipBlock = 0;
const freshIp = () => `198.51.${Math.floor(ipBlock / 250)}.${(ipBlock++ % 250) + 1}`;

/** The browser's cookies: what each answer sets, or clears with Max-Age=0. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(headers: Headers | undefined) {
    for (const cookie of headers?.getSetCookie() ?? []) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (/max-age=0\b/i.test(cookie) || pair.slice(at + 1) === '') this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
  has(fragment: string) {
    return [...this.cookies.keys()].some((name) => name.includes(fragment));
  }
  toString() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

type Answer = { status: number; location: string | null; data: Record<string, unknown> | null; headers: Headers | undefined };

/** A route's answer, returned or thrown: a redirect, or data with its status and headers. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    result = error;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null, headers: result.headers };
  const withInit = result as { data?: Record<string, unknown>; init?: ResponseInit | null; type?: string };
  if (withInit && withInit.type === 'DataWithResponseInit') {
    return { status: withInit.init?.status ?? 200, location: null, data: withInit.data ?? null, headers: withInit.init?.headers ? new Headers(withInit.init.headers) : undefined };
  }
  return { status: 200, location: null, data: result as Record<string, unknown>, headers: undefined };
}

function post(path: string, jar: Jar, fields: Record<string, string>, clientIp = freshIp()) {
  return routeArgs(path, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: jar.toString(), 'x-client-ip': clientIp } });
}
function get(path: string, jar: Jar, clientIp = freshIp()) {
  return routeArgs(path, { headers: { cookie: jar.toString(), 'x-client-ip': clientIp } });
}

const fieldError = (reply: Answer, field: string) => ((reply.data?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {})[field]?.[0];

async function sessionUser(jar: Jar) {
  return (await auth().api.getSession({ headers: new Headers({ cookie: jar.toString() }) }))?.user ?? null;
}

let serial = 0;
async function staff(role: Role) {
  serial += 1;
  const account = await createAccount(database.db(), { email: `${role}-${serial}-${Date.now()}@example.org`, role, password: testPassword });
  return { account, jar: new Jar(await sessionCookie(account.email)) };
}

/** Sets two-step sign-in up through the Security page, as a person does; gives the key the page showed. */
async function turnOn(jar: Jar): Promise<{ key: string; backupCodes: string[] }> {
  const started = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'start', password: testPassword })));
  expect(started).toMatchObject({ status: 302, location: '/members-portal/security' });
  const pending = (await securityLoader(get('/members-portal/security', jar))) as { state: { status: string; setup?: { secret: string } } };
  const key = pending.state.setup!.secret;
  const confirmed = await answer(async () => securityAction(post('/members-portal/security', jar, { intent: 'confirm', code: await freshCode(key) })));
  expect(confirmed).toMatchObject({ status: 302, location: '/members-portal/security' });
  jar.take(confirmed.headers);
  const shown = (await securityLoader(get('/members-portal/security', jar))) as { state: { status: string }; newCodes: string[] | null };
  expect(shown.state.status).toBe('on');
  return { key, backupCodes: shown.newCodes ?? [] };
}

/** The password step: the login page's post. */
async function signInWithPassword(email: string, jar = new Jar(), redirectTo = '/admin') {
  const reply = await answer(() => loginAction(post(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, jar, { intent: 'login', email, password: testPassword })));
  jar.take(reply.headers);
  return { reply, jar };
}

describe('the tests’ authenticator', () => {
  it('computes RFC 6238’s SHA-1 test values', () => {
    // RFC 6238 Appendix B: key "12345678901234567890"; its codes have 8 digits, ours the last 6.
    const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(base32Decode(key).toString()).toBe('12345678901234567890');
    expect([59_000, 1_111_111_109_000, 2_000_000_000_000].map((at) => totpCode(key, at))).toEqual(['287082', '081804', '279037']);
    expect(wrongCode(key)).not.toBe(totpCode(key));
  });
});

describe('setting two-step sign-in up', () => {
  it('asks for the password, shows a QR code and the key, and is on only once a code confirms it', async () => {
    const { account, jar } = await staff('admin');
    const wrong = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'start', password: 'not the password' })));
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong, 'password')).toBe(messages.wrongPassword);
    expect((await securityLoader(get('/members-portal/security', jar))).state.status).toBe('off');

    await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'start', password: testPassword })));
    const pending = await securityLoader(get('/members-portal/security', jar));
    expect(pending.state.status).toBe('pending');
    if (pending.state.status !== 'pending') throw new Error('not pending');
    const { setup } = pending.state;
    expect(pending.state.setup.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(pending.state.setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pending.state.setup.qrDataUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(pending.state.setup.otpauthUri).toContain(`issuer=Test+PPA`);

    const badCode = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'confirm', code: wrongCode(setup.secret) })));
    expect(badCode.status).toBe(400);
    expect(fieldError(badCode, 'code')).toBe(messages.wrongAuthenticatorCode);
    const notDigits = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'confirm', code: '12ab' })));
    expect(fieldError(notDigits, 'code')).toBe('Enter the 6-digit code from your app.');
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(false);

    const confirmed = await answer(async () => securityAction(post('/members-portal/security', jar, { intent: 'confirm', code: await freshCode(setup.secret) })));
    expect(confirmed.status).toBe(302);
    jar.take(confirmed.headers);
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(true);
    // The backup codes show on the next page, once.
    const first = await securityLoader(get('/members-portal/security', jar));
    expect(first.newCodes).toHaveLength(10);
    expect((await securityLoader(get('/members-portal/security', jar))).newCodes).toBeNull();
    const audited = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.two_factor'), eq(auditLog.entityId, account.id)));
    expect(audited.map((entry) => [entry.fromValue, entry.toValue])).toEqual([['off', 'on']]);
  });

  it('can be cancelled before it is confirmed', async () => {
    const { jar } = await staff('member');
    await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'start', password: testPassword })));
    expect((await securityLoader(get('/members-portal/security', jar))).state.status).toBe('pending');
    expect(await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'cancel' })))).toMatchObject({ status: 302 });
    expect((await securityLoader(get('/members-portal/security', jar))).state.status).toBe('off');
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password; a code from the app signs in, a wrong one is refused', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);

    const { reply, jar } = await signInWithPassword(account.email);
    expect(reply).toMatchObject({ status: 302, location: '/login/two-factor?redirectTo=%2Fadmin' });
    expect(jar.has('two_factor')).toBe(true);
    expect(await sessionUser(jar)).toBeNull();
    expect(await codeLoader(get('/login/two-factor?redirectTo=%2Fadmin', jar))).toMatchObject({ backup: false });

    const wrong = await answer(() => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', jar, { intent: 'totp', code: wrongCode(key) })));
    expect(wrong.status).toBe(401);
    expect((wrong.data?.result as { error?: Record<string, string[]> }).error?.['']).toEqual([messages.wrongAuthenticatorCode]);
    expect(await sessionUser(jar)).toBeNull();

    const right = await answer(async () => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', jar, { intent: 'totp', code: await freshCode(key) })));
    expect(right).toMatchObject({ status: 302, location: '/admin' });
    jar.take(right.headers);
    expect((await sessionUser(jar))?.id).toBe(account.id);
    expect(jar.has('two_factor')).toBe(false);
  });

  it('without the password step, the code page sends the visitor to /login', async () => {
    expect(await answer(() => codeLoader(get('/login/two-factor?redirectTo=%2Fadmin', new Jar())))).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fadmin' });
  });

  it('takes a backup code once', async () => {
    const { account, jar: setupJar } = await staff('finance');
    const { backupCodes } = await turnOn(setupJar);
    expect(backupCodes).toHaveLength(10);
    const code = backupCodes[3]!;

    const first = await signInWithPassword(account.email, new Jar(), '/');
    const used = await answer(() => codeAction(post('/login/two-factor?backup', first.jar, { intent: 'backup', code })));
    expect(used).toMatchObject({ status: 302, location: '/' });
    first.jar.take(used.headers);
    expect((await sessionUser(first.jar))?.id).toBe(account.id);

    const second = await signInWithPassword(account.email, new Jar(), '/');
    const again = await answer(() => codeAction(post('/login/two-factor?backup', second.jar, { intent: 'backup', code })));
    expect(again.status).toBe(401);
    expect((again.data?.result as { error?: Record<string, string[]> }).error?.['']).toEqual([messages.wrongBackupCode]);
    const another = await answer(() => codeAction(post('/login/two-factor?backup', second.jar, { intent: 'backup', code: backupCodes[4]! })));
    expect(another.status).toBe(302);
  });

  it('trusts this device for 30 days when asked: the next sign-in needs no code', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);
    const { jar } = await signInWithPassword(account.email);
    const verified = await answer(async () => codeAction(post('/login/two-factor', jar, { intent: 'totp', code: await freshCode(key), trustDevice: 'on' })));
    jar.take(verified.headers);
    const trust = verified.headers?.getSetCookie().find((cookie) => cookie.includes('trust_device'));
    expect(trust).toMatch(/Max-Age=2592000/i);

    const again = await signInWithPassword(account.email, jar);
    expect(again.reply).toMatchObject({ status: 302, location: '/admin' });
    // Another browser still gets the code page.
    expect((await signInWithPassword(account.email)).reply.location).toBe('/login/two-factor?redirectTo=%2Fadmin');
  });

  it('limits wrong codes like sign-in: AUTH_RATE_LIMIT a minute from one address', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);
    const { jar } = await signInWithPassword(account.email);
    const from = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await answer(() => codeAction(post('/login/two-factor', jar, { intent: 'totp', code: wrongCode(key) }, from)))).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await answer(async () => codeAction(post('/login/two-factor', jar, { intent: 'totp', code: await freshCode(key) }, from)));
    expect(limited.status).toBe(429);
    expect((limited.data?.result as { error?: Record<string, string[]> }).error?.['']).toEqual([messages.tooManyAttempts]);
  });

  it('ends the sign-in after five wrong codes, from any addresses: the password again', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);
    const { jar } = await signInWithPassword(account.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await answer(() => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', jar, { intent: 'totp', code: wrongCode(key) })))).status).toBe(401);
    }
    const over = await answer(async () => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', jar, { intent: 'totp', code: await freshCode(key) })));
    expect(over).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fadmin' });
    jar.take(over.headers);
    expect(await sessionUser(jar)).toBeNull();
  });

  it('locks the account’s second step for 15 minutes after ten wrong codes in a row, across sign-ins', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);
    for (let challenge = 0; challenge < 2; challenge += 1) {
      const { jar } = await signInWithPassword(account.email);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await answer(() => codeAction(post('/login/two-factor', jar, { intent: 'totp', code: wrongCode(key) })))).status).toBe(401);
      }
    }
    const { jar } = await signInWithPassword(account.email);
    const locked = await answer(async () => codeAction(post('/login/two-factor', jar, { intent: 'totp', code: await freshCode(key) })));
    expect(locked.status).toBe(429);
    expect((locked.data?.result as { error?: Record<string, string[]> }).error?.['']).toEqual([messages.secondStepLocked]);
    expect(await sessionUser(jar)).toBeNull();
  });

  it('takes a code from the app once: the same code again, even within its 30 seconds, is refused as a wrong one', async () => {
    const { account, jar: setupJar } = await staff('admin');
    const { key } = await turnOn(setupJar);
    const code = await freshCode(key);
    const first = await signInWithPassword(account.email);
    expect(await answer(() => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', first.jar, { intent: 'totp', code })))).toMatchObject({ status: 302, location: '/admin' });
    const second = await signInWithPassword(account.email);
    const replayed = await answer(() => codeAction(post('/login/two-factor?redirectTo=%2Fadmin', second.jar, { intent: 'totp', code })));
    expect(replayed.status).toBe(401);
    expect((replayed.data?.result as { error?: Record<string, string[]> }).error?.['']).toEqual([messages.wrongAuthenticatorCode]);
    second.jar.take(replayed.headers);
    expect(await sessionUser(second.jar)).toBeNull();
  });

  it('takes a code sent from two browsers at once for one of them only', async () => {
    const { account, jar: setupJar } = await staff('finance');
    const { key } = await turnOn(setupJar);
    const [a, b] = [await signInWithPassword(account.email), await signInWithPassword(account.email)];
    const code = await freshCode(key);
    const answers = await Promise.all([a, b].map(({ jar }) => answer(() => codeAction(post('/login/two-factor', jar, { intent: 'totp', code })))));
    expect(answers.map((reply) => reply.status).sort()).toEqual([302, 401]);
  });

  it('ends the account’s other sessions when it is turned on: one signed in with the password alone elsewhere is signed out', async () => {
    const { account, jar } = await staff('admin');
    const elsewhere = new Jar(await sessionCookie(account.email));
    expect((await sessionUser(elsewhere))?.id).toBe(account.id);
    await turnOn(jar);
    expect((await sessionUser(jar))?.id).toBe(account.id);
    expect(await sessionUser(elsewhere)).toBeNull();
  });

  it('turns off with the password; then the password alone signs in', async () => {
    const { account, jar } = await staff('editor');
    await turnOn(jar);
    const wrong = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'off', password: 'not the password' })));
    expect(fieldError(wrong, 'password')).toBe(messages.wrongPassword);
    const off = await answer(() => securityAction(post('/members-portal/security', jar, { intent: 'off', password: testPassword })));
    expect(off.status).toBe(302);
    jar.take(off.headers);
    expect((await sessionUser(jar))?.twoFactorEnabled).toBe(false);
    expect((await signInWithPassword(account.email, new Jar(), '/')).reply.location).toBe('/');
  });
});

describe('recovery and stray posts', () => {
  it('the operator turns it off for someone who lost their phone and codes; audited', async () => {
    const { account, jar } = await staff('admin');
    await turnOn(jar);
    await resetTwoFactor(commandLineActor, account.email.toUpperCase());
    expect((await signInWithPassword(account.email, new Jar(), '/')).reply.location).toBe('/');
    const audited = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.two_factor'), eq(auditLog.entityId, account.id)));
    expect(audited.map((entry) => [entry.actorEmail, entry.toValue])).toContainEqual([commandLineActor.email, 'off']);
    await expect(resetTwoFactor(commandLineActor, 'nobody@example.org')).rejects.toThrow('No account has the email nobody@example.org.');
    await expect(resetTwoFactor({ id: account.id, email: account.email, role: 'admin' }, account.email)).rejects.toThrow('You do not have permission to do that.');
  });

  it('a confirmation posted when it is already on changes nothing and shows no codes', async () => {
    const { jar } = await staff('member');
    const { key, backupCodes } = await turnOn(jar);
    expect(backupCodes).toHaveLength(10);
    const again = await answer(async () => securityAction(post('/members-portal/security', jar, { intent: 'confirm', code: await freshCode(key) })));
    expect(again).toMatchObject({ status: 302, location: '/members-portal/security' });
    expect((await securityLoader(get('/members-portal/security', jar))).newCodes).toBeNull();
  });

  it('new backup codes and turning off are refused while it is off', async () => {
    const { jar } = await staff('member');
    for (const intent of ['codes', 'off']) {
      expect(await answer(() => securityAction(post('/members-portal/security', jar, { intent, password: testPassword })))).toMatchObject({ status: 302, location: '/members-portal/security' });
    }
  });
});
describe('a super admin requires two-step sign-in of admins and finance', () => {
  const openAdmin = (jar: Jar) => answer(() => runMiddleware(adminLayoutMiddleware, get('/admin', jar)));

  it('only once it is on for themselves; audited', async () => {
    const { account: boss, jar } = await staff('super_admin');
    const refused = await answer(() => settingsAction(post('/admin/settings', jar, { intent: 'two-factor', staffTwoFactorRequired: 'on' })));
    expect(refused.status).toBe(409);
    expect((await database.db().select().from(siteSettings))[0]!.staffTwoFactorRequired).toBe(false);

    await turnOn(jar);
    const saved = await answer(() => settingsAction(post('/admin/settings', jar, { intent: 'two-factor', staffTwoFactorRequired: 'on' })));
    expect(saved.status).toBe(200);
    expect((await database.db().select().from(siteSettings))[0]!.staffTwoFactorRequired).toBe(true);
    const audit = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, boss.id)));
    expect(audit.map((entry) => entry.toValue)).toEqual(['{"staffTwoFactorRequired":true}']);

    // An admin may not: the setting is the super admin's.
    const { jar: adminJar } = await staff('admin');
    await turnOn(adminJar);
    expect((await answer(() => settingsAction(post('/admin/settings', adminJar, { intent: 'two-factor' })))).status).toBe(403);
  });

  it('keeps admins and finance without it out of the admin area, sends them to the set-up after signing in; editors are not affected', async () => {
    const { account: boss, jar: bossJar } = await staff('super_admin');
    await turnOn(bossJar);
    const { account: admin, jar: adminJar } = await staff('admin');
    const { jar: financeJar } = await staff('finance');
    const { jar: editorJar } = await staff('editor');
    const { account: readyAdmin, jar: readyJar } = await staff('admin');
    await turnOn(readyJar);

    for (const jar of [adminJar, financeJar, editorJar, readyJar]) expect((await openAdmin(jar)).status).toBe(200);
    await setStaffTwoFactorRequirement({ ...boss, twoFactorEnabled: true }, true);

    expect(await openAdmin(adminJar)).toMatchObject({ status: 302, location: '/members-portal/security' });
    expect(await openAdmin(financeJar)).toMatchObject({ status: 302, location: '/members-portal/security' });
    expect((await openAdmin(editorJar)).status).toBe(200);
    expect((await openAdmin(readyJar)).status).toBe(200);
    // Resource routes of the area guard themselves with the same function.
    expect(await answer(() => settingsAction(post('/admin/settings', adminJar, { intent: 'settings' })))).toMatchObject({ status: 302, location: '/members-portal/security' });

    const signedIn = await signInWithPassword(admin.email);
    expect(signedIn.reply).toMatchObject({ status: 302, location: '/members-portal/security' });
    const page = await securityLoader(get('/members-portal/security', signedIn.jar));
    expect(page).toMatchObject({ required: true, state: { status: 'off' } });

    // Set up, and the area opens.
    await turnOn(adminJar);
    expect((await openAdmin(adminJar)).status).toBe(200);
    // While it is required, it cannot be turned off.
    const off = await answer(() => securityAction(post('/members-portal/security', readyJar, { intent: 'off', password: testPassword })));
    expect(off.status).toBe(409);
    expect((await sessionUser(readyJar))?.id).toBe(readyAdmin.id);
    // Nor by a post straight to better-auth's endpoint.
    const direct = await callAuthEndpoint(new Request('http://localhost:3000/', { headers: { cookie: readyJar.toString(), 'x-client-ip': freshIp() } }), '/two-factor/disable', {
      password: testPassword,
    });
    expect(direct.response.status).toBe(400);
    expect((await sessionUser(readyJar))?.twoFactorEnabled).toBe(true);
  });
});

describe('while it is required, staff without it have a member’s powers everywhere', () => {
  /** A route's answer to `jar` at `path`, with the route's params. */
  const as = <Params extends Record<string, string>>(jar: Jar, path: string, params: Params, init: RequestInit = {}) =>
    routeArgs(path, { ...init, headers: { cookie: jar.toString(), 'x-client-ip': freshIp(), ...(init.headers as Record<string, string> | undefined) } }, params);

  it('admins, super admins and finance signed in with the password alone: no other buyer’s tickets, no door, no check-in, no members’ documents', async () => {
    const { account: boss, jar: bossJar } = await staff('super_admin');
    await turnOn(bossJar);
    const event = await createEvent(database.db(), { status: 'published', registrationKind: 'rsvp', startsAt: new Date(Date.now() + 7 * 86_400_000) }, [
      { name: 'Place', priceCents: 0, quantityCap: 50 },
    ]);
    const { order } = await placeOrder({
      eventId: event.id,
      buyer: { name: 'Bea Buyer', email: 'bea.buyer@example.org', userId: null },
      seats: [{ tierId: event.tiers[0]!.id, attendeeName: 'Bea' }],
      isMember: false,
    });
    const document = await createDocument(database.db(), { visibility: 'members' });
    const scan = JSON.stringify({ scans: [{ id: crypto.randomUUID(), code: 'K7QX-93MD', scannedAt: new Date().toISOString(), deviceId: 'phone' }] });
    const powers = async (jar: Jar) => ({
      tickets: (await answer(() => ticketsLoader(as(jar, `/tickets/${order.id}`, { orderId: order.id })))).status,
      ticketsData: (await answer(() => ticketsLoader(as(jar, `/tickets/${order.id}.data`, { orderId: order.id })))).status,
      door: ((await checkInLoader(as(jar, `/check-in/${event.id}.data`, { eventId: String(event.id) }))) as { allowed: boolean; volunteerCode: string | null }).volunteerCode !== null,
      list: ((await doorLoader(as(jar, `/check-in/${event.id}/door`, { eventId: String(event.id) }))) as Response).status,
      sync: ((await doorAction(as(jar, `/check-in/${event.id}/door`, { eventId: String(event.id) }, { method: 'POST', body: scan, headers: { 'content-type': 'application/json' } }))) as Response)
        .status,
      check: (await answer(() => checkInAction(as(jar, `/check-in/${event.id}`, { eventId: String(event.id) }, { method: 'POST', body: new URLSearchParams({ intent: 'check', code: 'K7QX-93MD' }) }))))
        .status,
      document: (await answer(() => documentLoader(as(jar, `/documents/${document.id}/download`, { id: String(document.id) })))).status,
    });
    const full = { tickets: 200, ticketsData: 200, door: true, list: 200, sync: 200, check: 200, document: 200 };
    const member = { tickets: 404, ticketsData: 404, door: false, list: 403, sync: 403, check: 403, document: 302 };

    const covered = await Promise.all((['admin', 'super_admin', 'finance'] as const).map((role) => staff(role)));
    const { jar: editorJar } = await staff('editor');
    for (const { jar } of covered) expect(await powers(jar)).toEqual(full);
    await setStaffTwoFactorRequirement({ ...boss, twoFactorEnabled: true }, true);
    for (const { account, jar } of covered) expect(await powers(jar), account.role).toEqual(member);
    // Editors are not covered by the requirement; and once the second step is on, the powers are back.
    expect(await powers(editorJar)).toEqual(full);
    for (const { jar } of covered) {
      await turnOn(jar);
      expect(await powers(jar)).toEqual(full);
    }
  });
});
