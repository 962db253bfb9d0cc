import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, isCurrent, passwordCost, verifyPassword } from './password-hash.server';

describe('password hashes (ADR 029)', () => {
  it('are PHC strings that name their cost, salted, and check the password they were made from', async () => {
    const hash = await hashPassword('a password here');
    expect(hash).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{86}$/);
    expect(await hashPassword('a password here')).not.toBe(hash);
    expect(await verifyPassword({ hash, password: 'a password here' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'a password herE' })).toBe(false);
    expect(isCurrent(hash)).toBe(true);
  });

  it('check a password typed in another Unicode form alike, as better-auth did', async () => {
    // "é" as one code point, then as "e" and a combining accent: NFKC makes them one.
    const hash = await hashPassword('th\u00e9r\u00e8se kandasamy');
    expect(await verifyPassword({ hash, password: 'the\u0301re\u0300se kandasamy' })).toBe(true);
  });

  it('still check hashes better-auth made before, which are not current', async () => {
    const earlier = await betterAuthHash('செல்வராஜா password');
    expect(await verifyPassword({ hash: earlier, password: 'செல்வராஜா password' })).toBe(true);
    expect(await verifyPassword({ hash: earlier, password: 'another password' })).toBe(false);
    expect(isCurrent(earlier)).toBe(false);
  });

  it('check a hash of another cost with its own cost, and call it not current', async () => {
    const current = await hashPassword('a password here');
    const cheaper = current.replace(`ln=${passwordCost.ln}`, 'ln=12');
    expect(isCurrent(cheaper)).toBe(false);
    // The same salt and key under another cost is another hash: the password no longer matches.
    expect(await verifyPassword({ hash: cheaper, password: 'a password here' })).toBe(false);
  });

  it('refuse a stored value in no known format, or of a cost past any the site sets', async () => {
    await expect(verifyPassword({ hash: 'plain text', password: 'plain text' })).rejects.toThrow('no format');
    const current = await hashPassword('a password here');
    await expect(verifyPassword({ hash: current.replace('ln=13', 'ln=30'), password: 'a password here' })).rejects.toThrow('no format');
    expect(isCurrent('plain text')).toBe(false);
  });
});
