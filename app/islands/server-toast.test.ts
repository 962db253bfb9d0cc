// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideServerToasts, TOAST_DURATION_MS } from './server-toast';

describe('a toast written into the page', () => {
  afterEach(() => vi.useRealTimers());

  it('goes after the time a toast shows, counted from when the page is read', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div data-server-toast role="status">Signed in</div><div role="status">Other</div>';
    hideServerToasts(document);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(document.querySelector<HTMLElement>('[data-server-toast]')!.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(document.querySelector<HTMLElement>('[data-server-toast]')!.hidden).toBe(true);
    expect(document.querySelectorAll<HTMLElement>('[role="status"]')[1]!.hidden).toBe(false);
  });
});
