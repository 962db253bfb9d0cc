/**
 * What crawlers are told (docs/architecture/feeds.md): robots.txt leaves every private or personal
 * route of app/routes.ts alone and lets them read every public page and feed, and the sitemap's
 * list of pages has every public page. A route added later fails here until they follow.
 */
import { describe, expect, it } from 'vitest';
import { isPageHandle, isResourceHandle } from '~/lib/page-policy';
import { disallowedPaths } from '~/lib/robots';
import { loader as robotsLoader } from '~/routes/robots-txt';
import { sitemapPages } from '~/routes/sitemap-pages.parts';
import { leafRoutes, routeModule, type LeafRoute } from '../setup/routes';

/**
 * Whether robots.txt's rules let a crawler fetch `path`, as RFC 9309 §2.2.2 reads them: the rule
 * with the longest matching pattern wins, `*` matches any characters, `$` ends the path, and an
 * allow wins a tie.
 */
export function allows(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } | null = null;
  for (const line of robots.split('\n')) {
    const rule = /^(allow|disallow):\s*(\S*)/i.exec(line.trim());
    if (!rule || !rule[2]) continue;
    const pattern = rule[2];
    const source = pattern
      .split('')
      .map((character, index) => (character === '*' ? '.*' : character === '$' && index === pattern.length - 1 ? '$' : character.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = rule[1]!.toLowerCase() === 'allow';
    if (!best || pattern.length > best.length || (pattern.length === best.length && allow)) best = { length: pattern.length, allow };
  }
  return best?.allow ?? true;
}

/** An address of the route, its parameters filled in. */
const sample = (route: LeafRoute) => route.path.replace(/:\w+/g, '7').replace(/\*$/, 'anything');

/** Private routes crawlers may still fetch: a document's download answers for itself (a public one is the constitution on About; a members' one, a 403 page). */
const privateButOpen = new Set(['/documents/:id/download']);

describe('robots.txt', () => {
  it('is plain text naming every crawler, and the sitemap by its absolute address on PUBLIC_URL', async () => {
    const response = robotsLoader();
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const body = await response.text();
    expect(body.split('\n')[0]).toBe('User-agent: *');
    expect(body.split('\n').filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${process.env.PUBLIC_URL}/sitemap.xml`]);
    for (const path of disallowedPaths) expect(body).toContain(`Disallow: ${path}\n`);
  });

  it('reads its rules as crawlers do', () => {
    const robots = 'User-agent: *\nDisallow: /events/*/order\nDisallow: /payment\nAllow: /\n';
    expect(allows(robots, '/events/7/order')).toBe(false);
    expect(allows(robots, '/events/7')).toBe(true);
    expect(allows(robots, '/payment-success')).toBe(false);
    expect(allows(robots, '/payment/test-checkout/1')).toBe(false);
    expect(allows(robots, '/')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /a\nAllow: /a/b\n', '/a/b/c')).toBe(true);
    expect(allows('User-agent: *\nDisallow: /*.csv$\n', '/x.csv')).toBe(false);
    expect(allows('User-agent: *\nDisallow: /*.csv$\n', '/x.csv?y')).toBe(true);
  });

  it('leaves every private and personal route alone, and lets crawlers read every public page, feed and picture', async () => {
    const robots = await robotsLoader().text();
    const wrong: string[] = [];
    for (const route of leafRoutes()) {
      const { handle } = await routeModule(route);
      const cache = isPageHandle(handle) || isResourceHandle(handle) ? handle.cache : 'private';
      // A public resource that is no page (the check-in page's manifest) may be either.
      if (isResourceHandle(handle) && cache === 'public') continue;
      const open = cache === 'public' || cache === 'content' || cache === 'immutable' || privateButOpen.has(route.path);
      if (allows(robots, sample(route)) !== open) wrong.push(`${route.path} (${route.file}, ${cache}) is ${open ? 'disallowed' : 'allowed'}`);
    }
    expect(wrong, 'robots.txt must disallow private and personal routes and allow the public ones: change disallowedPaths in app/lib/robots.ts').toEqual([]);
  });
});

describe("the sitemap's pages", () => {
  it('are every public page without a parameter, and nothing else', async () => {
    const publicPages: string[] = [];
    for (const route of leafRoutes()) {
      const { handle } = await routeModule(route);
      if (isPageHandle(handle) && handle.cache === 'public' && !/[:*]/.test(route.path)) publicPages.push(route.path);
    }
    expect([...sitemapPages].sort()).toEqual(publicPages.sort());
  });
});
