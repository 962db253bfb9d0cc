import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { heldScript } from '~/lib/held-script';
import { startHeldScripts } from './held-scripts';

/** A page of its own for each test (happy-dom), whose timers and frames run for real. */
function page(head: string, body: string) {
  const window = new Window();
  window.document.head.innerHTML = head;
  window.document.body.innerHTML = body;
  return { window, document: window.document as unknown as Document };
}

describe('the scripts of a page that hydrates after its first paint', () => {
  it('are written live in the frame after the page is read, the module script with its nonce', async () => {
    const { window, document } = page(
      `<link rel="${heldScript.preloadRel}" href="/assets/entry.client-abc.js"><link rel="${heldScript.preloadRel}" href="/assets/framework-def.js">`,
      `<main>Form</main><script type="${heldScript.moduleType}" nonce="n0nce">import("/assets/entry.client-abc.js");</script>`,
    );
    // Browsers hide a script's nonce attribute and give it as the `nonce` property (happy-dom has no such property).
    document.querySelector<HTMLScriptElement>('script')!.nonce = 'n0nce';
    startHeldScripts(document);
    document.dispatchEvent(new window.Event('DOMContentLoaded') as unknown as Event);
    // Not before the page has been painted.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(document.querySelector('script[type="module"]')).toBeNull();
    await window.happyDOM.waitUntilComplete();
    expect(Array.from(document.querySelectorAll('link[rel="modulepreload"]')).map((link) => link.getAttribute('href'))).toEqual(['/assets/entry.client-abc.js', '/assets/framework-def.js']);
    const module = document.querySelector<HTMLScriptElement>('script[type="module"]')!;
    expect(module.textContent).toBe('import("/assets/entry.client-abc.js");');
    expect(module.nonce).toBe('n0nce');
    await window.happyDOM.close();
  });

  it('do nothing on a page without held scripts', async () => {
    const { window, document } = page('', '<main>Reading</main>');
    startHeldScripts(document);
    document.dispatchEvent(new window.Event('DOMContentLoaded') as unknown as Event);
    await window.happyDOM.waitUntilComplete();
    expect(document.querySelector('script, link')).toBeNull();
    await window.happyDOM.close();
  });
});
