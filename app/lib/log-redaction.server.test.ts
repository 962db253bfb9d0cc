import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggedPath, prettyLine, scrubText, serializeError } from './log-redaction.server';

describe('scrubText', () => {
  it('masks e-mail addresses and query strings', () => {
    expect(scrubText('Mail to Jane.Doe+news@example.co.uk failed', { addresses: false })).toBe('Mail to [email] failed');
    expect(scrubText('You made a POST request to "/donate?amount=25&email=x" but…', { addresses: false })).toBe('You made a POST request to "/donate?[query]" but…');
    expect(scrubText('GET http://localhost:3000/login?tab=signup 500', { addresses: false })).toBe('GET http://localhost:3000/login?[query] 500');
  });

  it('masks IP addresses only when asked (inside a request)', () => {
    const text = 'from 203.0.113.7 and ::ffff:127.0.0.1 and 2001:db8::1 and [::1]:3000 and ::1.';
    expect(scrubText(text)).toBe('from [ip] and [ip] and [ip] and [[ip]]:3000 and [ip].');
    expect(scrubText(text, { addresses: false })).toBe(text);
  });

  it('leaves times, versions, sentences and package paths alone', () => {
    const text = 'at 12:34:56.789 pino@10.4.0 /node_modules/@tiptap/core/dist/index.js:12:34 Are you sure? Yes. Port 5432.';
    expect(scrubText(text)).toBe(text);
  });

  it('keeps query strings when told (the development outbox links)', () => {
    expect(scrubText('http://localhost:3000/v?token=abc for a@b.org', { addresses: true, keepQueries: true })).toBe('http://localhost:3000/v?token=abc for [email]');
  });
});

describe('loggedPath', () => {
  it('drops the query string and the fragment', () => {
    expect(loggedPath('/login?tab=signup&email=jane@example.org')).toBe('/login');
    expect(loggedPath('/news#top')).toBe('/news');
    expect(loggedPath('/')).toBe('/');
  });

  it('masks segments that may be secrets, keeps ids and slugs', () => {
    const unsubscribe = `/unsubscribe/${Buffer.from('jane@example.org').toString('base64url')}.AbCdEfGhIjKlMnOpQrStUv`;
    expect(loggedPath(unsubscribe)).toBe('/unsubscribe/[token]');
    expect(loggedPath('/api/auth/reset-password/Xk29fj3kLm20sk3j4kfLq2')).toBe('/api/auth/reset-password/[token]');
    expect(loggedPath('/admin/donations/3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f')).toBe('/admin/donations/3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f');
    expect(loggedPath('/news/annual-general-meeting-2025-minutes')).toBe('/news/annual-general-meeting-2025-minutes');
    expect(loggedPath('/events/12/order')).toBe('/events/12/order');
  });

  it('masks addresses written into a path', () => {
    expect(loggedPath('/jane@example.org')).toBe('/[email]');
    expect(loggedPath('/x/10.0.0.1')).toBe('/x/[ip]');
  });
});

describe('serializeError', () => {
  it('keeps a failed query’s SQL state, message and statement, never its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(jane@example.org) already exists.',
    });
    const failed = new DrizzleQueryError('insert into "users" ("name", "email", "home_address") values ($1, $2, $3)', ['Jane Doe', 'jane@example.org', '1 Bay St'], cause);
    const logged = serializeError(failed);
    const text = JSON.stringify(logged);
    expect(logged).toMatchObject({
      message: 'Failed query',
      query: 'insert into "users" ("name", "email", "home_address") values ($1, $2, $3)',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users', message: 'duplicate key value violates unique constraint "users_email_unique"' },
    });
    expect(logged.stack?.split('\n')[0]).toBe('DrizzleQueryError: Failed query');
    expect(logged.stack?.split('\n').length).toBeGreaterThan(1);
    for (const secret of ['Jane Doe', 'jane@example.org', '1 Bay St', 'already exists']) expect(text).not.toContain(secret);
  });

  it('masks the value PostgreSQL quotes in a message about bad input', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "Jane Doe"'), { code: '22P02', severity: 'ERROR' });
    expect(serializeError(error).message).toBe('invalid input syntax for type uuid: "…"');
  });

  it('keeps codes and statuses, drops other fields, and serialises what is not an Error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ECONNREFUSED', address: '127.0.0.1', body: { email: 'x' } });
    expect(serializeError(refused, (text) => scrubText(text))).toEqual(expect.objectContaining({ type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED [ip]:2525' }));
    expect(Object.keys(serializeError(refused))).not.toContain('address');
    expect(serializeError('plain words')).toEqual({ type: 'string', message: 'plain words' });
    expect(serializeError({ email: 'jane@example.org' })).toEqual({ type: 'object', message: '{"email":"[email]"}' });
  });
});

describe('prettyLine', () => {
  it('writes one line: time, level, message, fields, the request id last', () => {
    const line = prettyLine(
      JSON.stringify({ level: 'info', time: '2026-01-02T03:04:05.678Z', pid: 1, hostname: 'h', requestId: 'abc123def456', msg: 'request', method: 'GET', path: '/events', status: 200, cache: 'hit' }),
    );
    expect(line).toBe('2026-01-02T03:04:05.678Z INFO  request method=GET path=/events status=200 cache=hit [abc123def456]\n');
  });

  it('adds an error’s type and message, and at level error its stack below', () => {
    const err = { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at one (file.js:1:1)\n    at two (file.js:2:2)' };
    expect(prettyLine(JSON.stringify({ level: 'warn', time: 't', msg: 'Odd', err }))).toBe('t WARN  Odd (TypeError: boom)\n');
    expect(prettyLine(JSON.stringify({ level: 'error', time: 't', msg: 'Failed', err }))).toBe('t ERROR Failed (TypeError: boom)\n    at one (file.js:1:1)\n    at two (file.js:2:2)\n');
  });

  it('prints the development outbox’s links one a line, and passes other text through', () => {
    expect(prettyLine(JSON.stringify({ level: 'info', time: 't', msg: 'Mail', links: ['http://a/v?t=1'] }))).toBe('t INFO  Mail\n    http://a/v?t=1\n');
    expect(prettyLine('not json')).toBe('not json\n');
  });
});
