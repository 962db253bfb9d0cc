import { useEffect, useState } from 'react';

/**
 * How a page hydrating after its first paint is written: React Router's preloads and module script
 * with these inert values (lib/script-timing.server.ts writes them, root.tsx's lines start them).
 */
export const heldScript = { preloadRel: 'held-modulepreload', moduleType: 'held-module' } as const;

/** False on the server and in the first render, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
