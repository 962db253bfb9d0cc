import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirects';

describe('safeRedirect', () => {
  it.each([
    ['/members-portal', '/members-portal'],
    ['/admin?tab=donations', '/admin?tab=donations'],
    ['/membership?plan=annual#apply', '/membership?plan=annual#apply'],
    ['/news/caf%C3%A9', '/news/caf%C3%A9'],
    ['/news/café', '/news/caf%C3%A9'],
    ['/members-portal.data', '/members-portal'],
    ['/members-portal.data?_routes=routes%2Fportal%2Flayout', '/members-portal'],
  ])('keeps the path %j → %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '\\/evil.example',
    '/..//evil.example',
    '/./../..//evil.example',
    'javascript:alert(1)',
    ' /members-portal',
    '/\u0000',
    'x'.repeat(3000),
    '',
    undefined,
    42,
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
