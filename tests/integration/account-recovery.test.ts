import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { sessions, users, verifications } from '~/db/schema/auth';
import { commandLineActor } from '~/lib/roles';
import { createAccount, createSignedInAccount, sessionCookie, testPassword } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';
import { signIn } from '~/features/accounts/accounts.server';
import { commonPasswordMessage } from '~/features/accounts/passwords.server';
import { generatePassword, newPasswordProblem, resetPasswordAsOperator } from '~/features/accounts/recovery.server';

const database = setupTestDatabase();

let attempts = 0;
/** Whether the password signs in (each attempt from its own IP, below the rate limit). */
const signsIn = async (email: string, password: string) => {
  attempts += 1;
  return (await signIn(new Request('http://localhost:3000/login', { headers: { 'x-client-ip': `198.18.9.${attempts}` } }), { email, password })).ok === true;
};

const sessionsOf = (userId: string) => database.db().select().from(sessions).where(eq(sessions.userId, userId));

describe('resetPasswordAsOperator', () => {
  it('sets the password, ends every session of that account only, voids its reset links and is audited', async () => {
    const { account } = await createSignedInAccount(database.db(), { role: 'super_admin' });
    await sessionCookie(account.email);
    const other = await createSignedInAccount(database.db());
    await database
      .db()
      .insert(verifications)
      .values([
        { id: `v-${account.id}`, identifier: `reset-password:${account.id}-token`, value: account.id, expiresAt: new Date(Date.now() + 3600_000) },
        { id: `v-${other.account.id}`, identifier: `reset-password:${other.account.id}-token`, value: other.account.id, expiresAt: new Date(Date.now() + 3600_000) },
      ]);
    expect(await sessionsOf(account.id)).toHaveLength(2);

    const outcome = await resetPasswordAsOperator(commandLineActor, `  ${account.email.toUpperCase()} `, 'A brand new passphrase 9');

    expect(outcome).toMatchObject({ sessionsEnded: 2, nowVerified: false, account: { id: account.id } });
    expect(await sessionsOf(account.id)).toHaveLength(0);
    expect(await sessionsOf(other.account.id)).toHaveLength(1);
    expect(await database.db().select().from(verifications).where(eq(verifications.value, account.id))).toEqual([]);
    expect(await database.db().select().from(verifications).where(eq(verifications.value, other.account.id))).toHaveLength(1);
    expect(await signsIn(account.email, testPassword)).toBe(false);
    expect(await signsIn(account.email, 'A brand new passphrase 9')).toBe(true);
    expect(
      await database
        .db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, account.id), eq(auditLog.action, 'user.password_reset'))),
    ).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'command line (npm run user)', entityType: 'user', note: '2 session(s) ended' })]);
  });

  it('gives an account without a password one, and counts an unverified address as verified', async () => {
    const account = await createAccount(database.db());
    await database.db().update(users).set({ emailVerified: false }).where(eq(users.id, account.id));
    const outcome = await resetPasswordAsOperator(commandLineActor, account.email, 'Another good passphrase');
    expect(outcome).toMatchObject({ sessionsEnded: 0, nowVerified: true, account: { emailVerified: true } });
    expect(await signsIn(account.email, 'Another good passphrase')).toBe(true);
  });

  it('refuses a password the site refuses, and changes nothing', async () => {
    const { account } = await createSignedInAccount(database.db());
    for (const [password, message] of [
      ['short', 'Password must be at least 10 characters.'],
      ['qwertyuiop', commonPasswordMessage],
      ['x'.repeat(129), 'Password must be at most 128 characters.'],
      ['tab\there and long', 'Password contains characters that are not allowed.'],
    ] as const) {
      await expect(resetPasswordAsOperator(commandLineActor, account.email, password)).rejects.toMatchObject({ code: 'bad_request', message });
    }
    expect(await sessionsOf(account.id)).toHaveLength(1);
    expect(await signsIn(account.email, testPassword)).toBe(true);
  });

  it('says plainly when no account has the address', async () => {
    await expect(resetPasswordAsOperator(commandLineActor, 'nobody@example.org', 'A fine long passphrase')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No account has the email nobody@example.org.',
    });
  });

  it('is for super admins only', async () => {
    const admin = await createAccount(database.db(), { role: 'admin' });
    await expect(resetPasswordAsOperator({ id: admin.id, email: admin.email, role: 'admin' }, admin.email, 'A fine long passphrase')).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('generatePassword', () => {
  it('makes passwords the site accepts, each different, easy to read off a screen', async () => {
    const made = Array.from({ length: 50 }, generatePassword);
    expect(new Set(made).size).toBe(50);
    for (const password of made) {
      expect(password).toMatch(/^[a-hj-km-np-z2-9]{5}(-[a-hj-km-np-z2-9]{5}){3}$/);
      expect(await newPasswordProblem(password)).toBeNull();
    }
  });
});
