import { afterEach, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { takeConsoleErrors, takeLogLines } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { configureLog, currentRequestId, log, runInRequest } from '~/lib/log.server';

const database = setupTestDatabase();

afterEach(() => configureLog({ json: false, level: 'info' }));

describe('the log', () => {
  it('gives every line written while a request is answered its id, and no other', async () => {
    await runInRequest({ requestId: 'req-0123456789' }, async () => {
      log.info('before');
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info({ step: 2 }, 'after an await');
      expect(currentRequestId()).toBe('req-0123456789');
    });
    log.info('outside');
    expect(takeLogLines().map((line) => [line.msg, line.requestId])).toEqual([
      ['before', 'req-0123456789'],
      ['after an await', 'req-0123456789'],
      ['outside', undefined],
    ]);
  });

  it('writes time and level by name, and keeps the level LOG_LEVEL sets', () => {
    configureLog({ json: true, level: 'warn' });
    log.info('dropped');
    log.warn('kept');
    const [line, ...rest] = takeLogLines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 'warn', msg: 'kept' });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });

  it('counts an error line in a test as an unexpected error, as console.error', () => {
    log.error('Something broke');
    expect(takeConsoleErrors()).toEqual([expect.stringMatching(/ERROR Something broke$/)]);
  });

  it('logs a failed query with its SQL state and statement, without its parameters', async () => {
    const row = { id: 'log-test-user', name: 'Philippa Quartermaine', email: 'philippa.q@example.org', emailVerified: true, role: 'member' as const };
    await database.db().insert(users).values(row);
    const failure = await database
      .db()
      .insert(users)
      .values(row)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    log.error({ err: failure }, 'Saving the account failed');
    log.error(failure as Error);
    const errors = takeConsoleErrors();
    const lines = takeLogLines();
    expect(lines).toHaveLength(2);
    const [first, second] = lines as unknown as Array<{ msg: string; err: { code?: string; query?: string; cause?: { code?: string; constraint?: string } } }>;
    expect(first!.msg).toBe('Saving the account failed');
    expect(first!.err.cause).toMatchObject({ code: '23505', constraint: 'users_pkey' });
    expect(first!.err.query).toContain('insert into "users"');
    // Logged without a message, the error's own message is not used: it holds the parameters.
    expect(second!.msg).toBe('Failed query');
    for (const text of [...errors, ...lines.map((line) => JSON.stringify(line))]) {
      expect(text).not.toContain('Philippa');
      expect(text).not.toContain('philippa.q@example.org');
    }
  });

  it('masks e-mail addresses everywhere, and IP addresses inside a request', () => {
    log.info('Mail to someone@example.org from 192.0.2.10');
    runInRequest({ requestId: 'req-ip-test-1' }, () => log.info('From 192.0.2.10 and ::ffff:198.51.100.7'));
    expect(takeLogLines().map((line) => line.msg)).toEqual(['Mail to [email] from 192.0.2.10', 'From [ip] and [ip]']);
  });
});
