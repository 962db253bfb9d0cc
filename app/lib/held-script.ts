/**
 * How a page hydrating after its first paint is written (ADR 009): React Router's preloads and
 * module script with these inert values. lib/script-timing.server.ts writes them; the page
 * script (app/islands/held-scripts.ts) makes them live once the page is painted.
 */
export const heldScript = { preloadRel: 'held-modulepreload', moduleType: 'held-module' } as const;
