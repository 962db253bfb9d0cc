import { describe, expect, it } from 'vitest';
import { authInputProblem } from './auth-input.server';

const site = 'http://localhost:3000';
const linkProblem = (callbackURL: string) => authInputProblem('/sign-in/email', { email: 'ann@example.org', password: 'long enough password', callbackURL }, {}, site);

describe('links better-auth may send a visitor to', () => {
  it.each(['/\u3002evil.example', '/\uff0eevil.example', '/\uff61evil.example', '/\u2024evil.example', '/\u3002/evil.example', '/news/caf\u00e9', '/ok path'])(
    'refuses %s: a Location header carries printable ASCII only, and another dot would read as a host',
    async (link) => {
      expect(await linkProblem(link)).toBe('callbackURL must be a page of this site.');
    },
  );

  it.each(['/', '/members-portal?email=changed', '/news/caf%C3%A9', '/%E3%80%82evil.example', `${site}/update-password`])('keeps %s, a page of this site', async (link) => {
    expect(await linkProblem(link)).toBeNull();
  });
});
