import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './outage';

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, as the driver reports it', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:9/none', connectionTimeoutMillis: 2000 });
    pool.on('error', () => {});
    const refused = await pool.query('select 1').catch((error: unknown) => error);
    await pool.end();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    // As Drizzle wraps it.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1'), { cause: refused }))).toBe(true);
  });

  it.each([
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '53300', message: 'sorry, too many clients already' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('PGlite is closed')],
  ])('recognises %o', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [new TypeError('undefined is not a function')],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }],
    [{ code: '22P02', message: 'invalid input syntax for type uuid' }],
    [null],
    ['a string'],
  ])('leaves bugs and bad queries alone: %o', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
