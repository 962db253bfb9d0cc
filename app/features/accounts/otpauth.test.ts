import { describe, expect, it } from 'vitest';
import { base32Encode, groupedSecret, otpauthUri } from './otpauth';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('otpauth', () => {
  it('encodes Base32 as RFC 4648 does, without padding', () => {
    // RFC 4648 §10's test vectors.
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map((text) => base32Encode(bytes(text)))).toEqual(['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI']);
  });

  it('builds the address authenticator apps read', () => {
    const text = otpauthUri({ issuer: 'LMC PPA', account: 'ada@example.org', secret: '12345678901234567890' });
    expect(text.startsWith('otpauth://totp/LMC%20PPA:ada%40example.org?')).toBe(true);
    const uri = new URL(text);
    // The RFC 6238 test key, in Base32.
    expect(uri.searchParams.get('secret')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(uri.searchParams.get('issuer')).toBe('LMC PPA');
    expect([uri.searchParams.get('digits'), uri.searchParams.get('period')]).toEqual(['6', '30']);
  });

  it('groups the secret in fours for typing', () => {
    expect(groupedSecret('GEZDGNBVGY3TQOJQ')).toBe('GEZD GNBV GY3T QOJQ');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});
