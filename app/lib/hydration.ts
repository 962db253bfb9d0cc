import { useEffect, useState } from 'react';

/**
 * Whether a page ships React to the browser (docs/architecture.md#pages-without-javascript).
 * A reading page that needs no interactivity says so in its route module:
 *   export const handle: PageHandle = { hydrate: false };
 * or decides from its loader's data (the about page hydrates only for the constitution's notice):
 *   export const handle: PageHandle<typeof loader> = { hydrate: (data) => !data.constitution };
 * Everything else (forms, the portal, the admin) hydrates as before.
 */
export type PageHandle<Loader = unknown> = {
  /**
   * `'after-paint'`: React starts once the page has been painted (its script is not even fetched
   * before): for a form page whose form works without React meanwhile (membership, donate).
   */
  hydrate?: boolean | 'after-paint' | ((data: Loader extends (...args: never[]) => unknown ? Awaited<ReturnType<Loader>> : unknown) => boolean);
};

type Match = { handle?: unknown; loaderData?: unknown; data?: unknown };

/**
 * Only the deepest route (the page itself) decides: layouts serve pages of both kinds. An error
 * page, or data the rule cannot read, hydrates.
 */
export function pageHydrates(matches: readonly Match[]): boolean {
  const page = matches.at(-1);
  const rule = (page?.handle as PageHandle | undefined)?.hydrate;
  if (rule === undefined || rule === true || rule === 'after-paint') return true;
  if (rule === false) return false;
  const data = page?.loaderData ?? page?.data;
  if (data === undefined || data === null) return true;
  try {
    return rule(data as never);
  } catch {
    return true;
  }
}

/**
 * How a page hydrating after its first paint is written: React Router's preloads and module script
 * with these inert values (lib/script-timing.server.ts writes them, root.tsx's lines start them).
 */
export const heldScript = { preloadRel: 'held-modulepreload', moduleType: 'held-module' } as const;

/** Whether the page's React starts only after its first paint (PageHandle's `'after-paint'`). */
export function hydratesAfterPaint(handle: unknown): boolean {
  return (handle as PageHandle | undefined)?.hydrate === 'after-paint';
}

/** False on the server and in the first render, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
