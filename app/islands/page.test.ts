// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import pageScript from './page?inline-script';
import ticketCardScript from './ticket-card-page?inline-script';

/**
 * The page scripts as the build writes them into pages (vite-plugins/inline-scripts.ts): one
 * self-contained IIFE each, with nothing of React in it, that runs in a page on its own.
 */
describe('the built page scripts', () => {
  it('are self-contained, small, and carry no framework', () => {
    for (const script of [pageScript, ticketCardScript]) {
      expect(script).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
      expect(script).not.toMatch(/react|import\s*\(|require\(/i);
    }
  });

  it('run in a page: the image fallback works', () => {
    document.body.innerHTML = '<img src="/missing.webp" data-fallback="/placeholder.svg" alt="">';
    new Function(pageScript)();
    const image = document.querySelector('img')!;
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe('/placeholder.svg');
  });
});
