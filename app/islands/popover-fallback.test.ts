import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { emulatePopovers } from './popover-fallback';

/** The header's two menus as site-header.tsx writes them, in a page of its own (happy-dom). */
function header({ popoverApi }: { popoverApi: boolean }) {
  const window = new Window();
  const prototype = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  if (!popoverApi) delete prototype.popover;
  else if (!('popover' in prototype)) Object.defineProperty(prototype, 'popover', { configurable: true, get: () => null });
  const document = window.document as unknown as Document;
  document.body.innerHTML = `
    <button popovertarget="account">Account</button>
    <div id="account" popover><a href="/members-portal">Members Portal</a></div>
    <button popovertarget="menu">Menu</button>
    <div id="menu" popover><button popovertarget="menu" popovertargetaction="hide">Close</button></div>
    <main><p id="outside">Page</p></main>`;
  const isOpen = (id: string) => document.getElementById(id)!.hasAttribute('open');
  const click = (selector: string) => document.querySelector<HTMLElement>(selector)!.click();
  const escape = () => document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }) as unknown as Event);
  return { document, isOpen, click, escape };
}

describe('menus in a browser without the Popover API', () => {
  it('open with their button, close with it, with Escape, with a click outside, and one at a time', () => {
    const { document, isOpen, click, escape } = header({ popoverApi: false });
    emulatePopovers(document);
    click('[popovertarget="account"]');
    expect(isOpen('account')).toBe(true);
    click('[popovertarget="account"]');
    expect(isOpen('account')).toBe(false);
    click('[popovertarget="account"]');
    click('button[popovertarget="menu"]:not([popovertargetaction])');
    expect([isOpen('account'), isOpen('menu')]).toEqual([false, true]);
    click('[popovertargetaction="hide"]');
    expect(isOpen('menu')).toBe(false);
    click('[popovertarget="account"]');
    escape();
    expect(isOpen('account')).toBe(false);
    click('[popovertarget="account"]');
    click('#outside');
    expect(isOpen('account')).toBe(false);
  });
});

describe('menus in a browser with the Popover API', () => {
  it('are left to the browser', () => {
    const { document, isOpen, click } = header({ popoverApi: true });
    emulatePopovers(document);
    click('[popovertarget="account"]');
    expect(isOpen('account')).toBe(false);
  });
});
