import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';
import { commonPasswordMessage, passwordProblem } from './passwords.server';

describe('passwordProblem', () => {
  it('refuses every password of zxcvbn-ts’s common list that our length rule lets through: 1,557 (README: Security)', async () => {
    const ofOurLength = dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN && entry.length <= PASSWORD_MAX);
    expect(ofOurLength).toHaveLength(1557);
    for (const entry of ofOurLength) expect(await passwordProblem(entry)).toBe(commonPasswordMessage);
  });

  it('compares without regard to case or surrounding spaces', async () => {
    for (const password of ['Password123', 'QWERTYUIOP', ' 1234567890 ', 'IloveYou123']) expect(await passwordProblem(password)).toBe(commonPasswordMessage);
  });

  it('lets other passwords through, common words inside a longer one too', async () => {
    for (const password of ['correct horse battery staple', 'Password123 but longer', 'hV7#pz!Lq0']) expect(await passwordProblem(password)).toBeNull();
  });
});
