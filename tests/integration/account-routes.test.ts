/** The account pages' actions, posted to directly: clear messages, 4xx statuses, nothing created, never a 500. */
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { action as forgotAction } from '~/routes/_auth/forgot-password';
import { action as loginAction, loader as loginLoader } from '~/routes/_auth/login';
import { action as updateAction, loader as updateLoader } from '~/routes/_auth/update-password';
import { action as logoutAction } from '~/routes/logout';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

type Reply = { data: { result?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } }; init: ResponseInit | null };

let ip = 1;
/** A form post from its own IP address, so the per-IP limits of one test do not touch another. */
function post(url: string, body: string | URLSearchParams | FormData | Record<string, string>, headers: Record<string, string> = {}) {
  return postArgs(url, body, { 'x-client-ip': `192.0.2.${ip++}`, ...headers });
}

async function outcome(run: () => Promise<unknown>): Promise<{ status: number; errors: Record<string, string[] | null>; values: Record<string, unknown> }> {
  try {
    const result = (await run()) as Reply | Response;
    if (result instanceof Response) return { status: result.status, errors: {}, values: {} };
    return {
      status: result.init?.status ?? 200,
      errors: result.data.result?.error ?? {},
      values: result.data.result?.initialValue ?? {},
    };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, errors: {}, values: {} };
    const thrown = error as { init?: ResponseInit };
    if (thrown.init?.status) return { status: thrown.init.status, errors: {}, values: {} };
    throw error;
  }
}

const accountCount = async () => (await database.db().select({ n: count() }).from(users))[0]!.n;
const tenKilobytes = 'x'.repeat(10 * 1024);

describe('sign-up posted directly', () => {
  it.each([
    ['empty fields', { intent: 'signup', fullName: '', email: '', password: '' }, { fullName: 'Full name is required.', email: 'Email is required.', password: 'Password is required.' }],
    ['missing fields', { intent: 'signup' }, { fullName: 'Full name is required.', email: 'Email is required.', password: 'Password is required.' }],
    [
      'control characters',
      { intent: 'signup', fullName: 'Bell\u0007Name', email: 'bell@example.org', password: 'long enough\u0008pw' },
      {
        fullName: 'Full name contains characters that are not allowed.',
        password: 'Password contains characters that are not allowed.',
      },
    ],
    ['a malformed email', { intent: 'signup', fullName: 'A B', email: 'a@b', password: 'long enough pw' }, { email: 'Enter a valid email address.' }],
    [
      '10 KB strings',
      { intent: 'signup', fullName: tenKilobytes, email: `${tenKilobytes}@example.org`, password: tenKilobytes },
      {
        fullName: 'Full name must be at most 120 characters.',
        email: 'Email is too long.',
        password: 'Password must be at most 128 characters.',
      },
    ],
    ['a short password', { intent: 'signup', fullName: 'A B', email: 'ab@example.org', password: 'short' }, { password: 'Password must be at least 10 characters.' }],
    [
      'one of the most common passwords',
      { intent: 'signup', fullName: 'A B', email: 'ab@example.org', password: 'Password123' },
      {
        password: 'This password is one of the most common ones. Please choose one that is harder to guess.',
      },
    ],
  ])('%s → 400 with field messages and no account', async (_name, fields, expected) => {
    const before = await accountCount();
    const result = await outcome(() => loginAction(post('/login', fields)));
    expect(result.status).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(result.errors[field]?.[0]).toBe(message);
    expect(await accountCount()).toBe(before);
  });

  it('keeps what was typed, except the password', async () => {
    const result = await outcome(() => loginAction(post('/login', { intent: 'signup', fullName: 'Kept Name', email: 'bad', password: 'secret secret' })));
    expect(result.values).toMatchObject({ fullName: 'Kept Name', email: 'bad' });
    expect(result.values.password).toBeUndefined();
  });

  it('accepts unicode names and passwords', async () => {
    const before = await accountCount();
    const result = await outcome(() => loginAction(post('/login', { intent: 'signup', fullName: 'Thisara Wickramasinghe ශ්‍රී', email: 'unicode@example.org', password: 'pässwörd ✓ 名前' })));
    expect(result.status).toBe(200);
    expect(await accountCount()).toBe(before + 1);
  });

  it('refuses an address already registered with the product’s message (409)', async () => {
    const signUp = (email: string) => outcome(() => loginAction(post('/login', { intent: 'signup', fullName: 'Again', email, password: 'another password' })));
    expect((await signUp('twice@example.org')).status).toBe(200);
    const before = await accountCount();
    const result = await signUp('TWICE@example.org');
    expect(result.status).toBe(409);
    expect(result.errors['']?.[0]).toBe('This email is already in use. Please try logging in or use a different email.');
    expect(await accountCount()).toBe(before);
  });
});

describe('sign-in posted directly', () => {
  it.each([
    ['empty', { intent: 'login', email: '', password: '' }, 400],
    ['malformed email', { intent: 'login', email: 'nope', password: 'x' }, 400],
    ['10 KB strings', { intent: 'login', email: tenKilobytes, password: tenKilobytes }, 400],
    ['unknown account', { intent: 'login', email: 'ghost@example.org', password: 'whatever pw' }, 401],
    ['no intent', { email: 'ghost@example.org', password: 'whatever pw' }, 400],
  ])('%s → %d', async (_name, fields, status) => {
    expect((await outcome(() => loginAction(post('/login', fields)))).status).toBe(status);
  });

  it('says invalid email or password in the form line', async () => {
    const result = await outcome(() => loginAction(post('/login', { intent: 'login', email: 'ghost@example.org', password: 'whatever pw' })));
    expect(result.errors['']?.[0]).toBe('Invalid email or password.');
  });

  it('answers bodies that are not forms with 400', async () => {
    expect((await outcome(() => loginAction(post('/login', '{"intent":"login"}', { 'Content-Type': 'application/json' })))).status).toBe(400);
    expect((await outcome(() => loginAction(post('/login', '--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=x' })))).status).toBe(400);
  });

  it('sends a signed-in visitor from the login page to where they were going', async () => {
    const load = (url: string, cookie = '') => loginLoader(routeArgs(url, { headers: { cookie } }));
    expect(await load('/login?verified=1')).toEqual({ notice: 'Your email address is verified. You can sign in now.', noticeIsError: false });

    const { cookie } = await createSignedInAccount(database.db());
    const redirect = await load('/login?redirectTo=%2Fadmin', cookie).catch((error: unknown) => error as Response);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get('Location')).toBe('/admin');
  });
});

describe('password reset posted directly', () => {
  it('validates the email and always answers alike', async () => {
    expect((await outcome(() => forgotAction(post('/forgot-password', { email: '' })))).status).toBe(400);
    expect((await outcome(() => forgotAction(post('/forgot-password', { email: tenKilobytes })))).status).toBe(400);
    expect((await outcome(() => forgotAction(post('/forgot-password', { email: 'ghost@example.org' })))).status).toBe(200);
    expect((await outcome(() => forgotAction(post('/forgot-password', { email: 'unicode@example.org' })))).status).toBe(200);
  });

  it('refuses mismatched or missing passwords and tokens', async () => {
    const mismatch = await outcome(() => updateAction(post('/update-password', { password: 'new password 1', confirmPassword: 'new password 2', token: 'x' })));
    expect(mismatch.status).toBe(400);
    expect(mismatch.errors.confirmPassword?.[0]).toBe('Passwords do not match.');

    const noToken = await outcome(() => updateAction(post('/update-password', { password: 'new password 1', confirmPassword: 'new password 1' })));
    expect(noToken.status).toBe(400);
    expect(noToken.errors['']?.[0]).toBe('No active session found. Please try the password reset process again.');

    const badToken = await outcome(() => updateAction(post('/update-password', { password: 'new password 1', confirmPassword: 'new password 1', token: 'forged' })));
    expect(badToken.status).toBe(400);
    expect((await outcome(() => updateAction(post('/update-password', { password: tenKilobytes, confirmPassword: tenKilobytes })))).status).toBe(400);
  });

  it('shows the recovery notice only with a token and without an error', () => {
    const load = (url: string) => updateLoader(routeArgs(url));
    expect(load('/update-password?token=abc')).toEqual({ token: 'abc', invited: false });
    expect(load('/update-password?error=INVALID_TOKEN')).toEqual({ token: null, invited: false });
    expect(load('/update-password')).toEqual({ token: null, invited: false });
    // An imported member's invitation (docs/product.md#member-import): the same token, "Set your password".
    expect(load('/update-password?invited=1&token=abc')).toEqual({ token: 'abc', invited: true });
  });
});

describe('logout', () => {
  it('goes home even without a session', async () => {
    const response = (await logoutAction(post('/logout', {}))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
  });
});
