import { describe, expect, it } from 'vitest';
import { hotp, totpStepAt, totpStepOf } from './totp';

describe('authenticator codes', () => {
  // RFC 6238's test secret ("12345678901234567890") and its published 6-digit codes.
  const secret = '12345678901234567890';

  it('are the codes of RFC 6238 for their 30-second steps', () => {
    expect([59, 1_111_111_109, 1_234_567_890, 2_000_000_000].map((seconds) => hotp(secret, totpStepAt(seconds * 1000)))).toEqual(['287082', '081804', '005924', '279037']);
  });

  it('name the step a code belongs to, one step either side of now, and no other', () => {
    const now = 1_234_567_890_000;
    const step = totpStepAt(now);
    expect(totpStepOf(secret, hotp(secret, step), now)).toBe(step);
    expect(totpStepOf(secret, hotp(secret, step - 1), now)).toBe(step - 1);
    expect(totpStepOf(secret, ` ${hotp(secret, step + 1)} `, now)).toBe(step + 1);
    expect(totpStepOf(secret, hotp(secret, step - 2), now)).toBeNull();
    expect(totpStepOf(secret, hotp(secret, step + 2), now)).toBeNull();
  });
});
