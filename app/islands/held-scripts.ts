import { heldScript } from '~/lib/held-script';

/**
 * A page that hydrates after its first paint (`scripts: 'after-paint'`, ADR 009) arrives with React
 * Router's module preloads and module script written inert (lib/script-timing.server.ts). Once the
 * page has been painted (the frame after DOMContentLoaded) these lines write them live, and React
 * starts. The module script keeps the page's CSP nonce.
 */
export function startHeldScripts(document: Document): void {
  const view = document.defaultView;
  document.addEventListener('DOMContentLoaded', () => {
    const held = document.querySelector<HTMLScriptElement>(`script[type="${heldScript.moduleType}"]`);
    if (!held || !view) return;
    view.requestAnimationFrame(() => {
      view.setTimeout(() => {
        for (const link of Array.from(document.querySelectorAll(`link[rel="${heldScript.preloadRel}"]`))) {
          const preload = document.createElement('link');
          preload.rel = 'modulepreload';
          preload.href = link.getAttribute('href') ?? '';
          document.head.appendChild(preload);
        }
        const script = document.createElement('script');
        script.type = 'module';
        script.nonce = held.nonce;
        script.textContent = held.textContent;
        held.after(script);
      });
    });
  });
}
