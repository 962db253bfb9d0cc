import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './boot.server';
import { databaseAddress, describeConnectError, isTransientConnectError } from './connect-errors.server';

const url = 'postgres://site:s3cret@db.example.org:6543/association';

describe('connecting to PostgreSQL at start', () => {
  it('waits 1, 2, 4 … 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('tries again while the server cannot be reached, starts up or its name is not yet known', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', '57P03', '53300']) {
      expect(isTransientConnectError(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(isTransientConnectError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['28P01', '3D000', '28000']) expect(isTransientConnectError(Object.assign(new Error('x'), { code })), code).toBe(false);
  });

  it('says what to correct for a configuration the server refuses, without the password', () => {
    const password = describeConnectError(Object.assign(new Error('password authentication failed'), { code: '28P01' }), url);
    expect(password).toBe('PostgreSQL at db.example.org:6543 refused the password of user "site": correct the password in DATABASE_URL.');
    const missing = describeConnectError(Object.assign(new Error('database "association" does not exist'), { code: '3D000' }), url);
    expect(missing).toBe('Database "association" does not exist on the PostgreSQL server at db.example.org:6543: create it (createdb association) or correct DATABASE_URL.');
    const other = describeConnectError(new Error('The server does not support SSL connections'), url);
    expect(other).toBe('Could not connect to PostgreSQL at db.example.org:6543: The server does not support SSL connections');
    for (const message of [password, missing, other]) expect(message).not.toContain('s3cret');
  });

  it('names where the database is, host and port, from DATABASE_URL', () => {
    expect(databaseAddress(url)).toEqual({ where: 'db.example.org:6543', user: 'site', database: 'association' });
    expect(databaseAddress('postgres:///ppa?host=/var/run/postgresql').where).toBe('/var/run/postgresql:5432');
  });
});
