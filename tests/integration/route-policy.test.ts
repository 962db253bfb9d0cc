/**
 * Every route of app/routes.ts declares its policy in its own module (docs/architecture/pages.md#page-policy):
 * a page who may keep a copy and whether it ships React, a resource route who may keep its answer.
 * A route added without one fails here.
 */
import { describe, expect, it } from 'vitest';
import { isPageHandle, isResourceHandle } from '~/lib/page-policy';
import { leafRoutes, routeModule } from '../setup/routes';

describe('route policies', () => {
  const leaves = leafRoutes();

  it('finds the routes', () => {
    expect(leaves.length).toBeGreaterThan(60);
  });

  it.each(leaves)('$path ($file) declares its policy', async (route) => {
    const module = await routeModule(route);
    if (module.default) {
      expect(isPageHandle(module.handle), `${route.file} is a page: export const handle: PageHandle = { cache: …, scripts: … } (lib/page-policy.ts)`).toBe(true);
    } else {
      expect(isResourceHandle(module.handle), `${route.file} is a resource route: export const handle: ResourceHandle = { cache: … } (lib/page-policy.ts)`).toBe(true);
    }
  });
});
