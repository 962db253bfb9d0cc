/**
 * How a page hydrating after its first paint is written (ADR 009): React Router's preloads and
 * module script with these inert values. lib/script-timing.server.ts writes them; the page
 * script (app/islands/held-scripts.ts) makes them live once the page is painted.
 */
// The module script becomes a data block (a MIME type no browser runs, without `async`, which a
// data block may not carry): valid HTML that the W3C checker accepts (docs/architecture/tests.md).
export const heldScript = { preloadRel: 'held-modulepreload', moduleType: 'text/x-held-module' } as const;
