import { describe, expect, it } from 'vitest';
import { personName } from './fields';

describe('a person’s name on a form that mails a typed address', () => {
  const name = personName('Your name');

  it('takes names as people write them, in any script, initials and all', () => {
    for (const written of ['W.A.Perera', 'W.A. Perera', 'W.A.PERERA', 'Dr. Smith', "Ann O'Brien", 'Thérèse Müller-Ñoño', 'செல்வராஜா', 'Zoë (Zed) Smith, Jr.']) {
      expect(name.safeParse(written).success, written).toBe(true);
    }
  });

  it('refuses a web or mail address, so a stranger cannot send their link to anyone through the site', () => {
    for (const written of ['Claim your prize at evil.example', 'http://evil.example', 'Visit WWW.EVIL.COM', 'EVIL.COM', 'write to me@evil.example', 'evil.example/win']) {
      expect(name.safeParse(written).error?.issues[0]?.message, written).toBe('Your name cannot hold a web or email address.');
    }
  });
});
