// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from './server-toast';
import { showToast } from './toast';

describe('a toast shown by a page without React', () => {
  afterEach(() => vi.useRealTimers());

  it("writes the Toaster's markup, replaces the toast showing, and goes after the time a toast shows", () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<section aria-label="Notifications (F8)"><ol><li data-server-toast>From the server</li></ol></section>';
    const shown = showToast(document, { title: 'Missing Information', description: 'Please fill out all required fields.', variant: 'destructive' });
    const viewport = document.querySelectorAll('section[aria-label="Notifications (F8)"]');
    expect(viewport).toHaveLength(1);
    expect(viewport[0]!.querySelectorAll('li')).toHaveLength(1);
    expect(shown.textContent).toBe('Missing InformationPlease fill out all required fields.');
    expect(shown.dataset.variant).toBe('destructive');
    expect(shown.className).toContain('bg-destructive');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(shown.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown.hidden).toBe(true);
  });

  it('adds the viewport when the page has none', () => {
    document.body.innerHTML = '<main></main>';
    showToast(document, { title: 'Saved' });
    const viewport = document.querySelector('section[aria-label="Notifications (F8)"]')!;
    expect(viewport.className).toContain('fixed');
    expect(viewport.querySelector('li')?.dataset.variant).toBe('default');
    expect(viewport.querySelector('li')?.textContent).toBe('Saved');
  });
});
