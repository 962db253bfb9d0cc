// @vitest-environment happy-dom
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { loadFramesWhenNear, loadFrameWhenNear } from './nearby-frames';

/** A fresh window (its own listeners) whose IntersectionObserver the test drives. */
function page(html: string, { observer = true, fetch }: { observer?: boolean; fetch?: (url: string, init: RequestInit) => Promise<unknown> } = {}) {
  const window = new Window({ url: 'https://ppa.example.org/' });
  if (fetch) (window as unknown as { fetch: unknown }).fetch = fetch;
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; disconnected: boolean }[] = [];
  if (observer) {
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, targets: [], disconnected: false };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    };
  } else {
    delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
  window.document.write(html);
  const comeNear = (near: boolean) => {
    for (const record of observers.filter((candidate) => !candidate.disconnected)) {
      record.callback(
        record.targets.map((target) => ({ isIntersecting: near, target }) as unknown as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
    }
  };
  return { document: window.document as unknown as Document, observers, comeNear };
}

describe('frames that load when the reader nears them', () => {
  it('have no source until the reader comes within a screen of them, then load once', () => {
    const { document, observers, comeNear } = page('<iframe data-src="https://www.facebook.com/plugins/page.php?x=1" title="Feed"></iframe>');
    const frame = document.querySelector('iframe')!;
    loadFrameWhenNear(frame);
    loadFrameWhenNear(frame); // React's effect and the page script may both ask: one observer
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe('0px 0px 800px 0px');
    expect(frame.hasAttribute('src')).toBe(false);
    comeNear(false);
    expect(frame.hasAttribute('src')).toBe(false);
    comeNear(true);
    expect(frame.getAttribute('src')).toBe('https://www.facebook.com/plugins/page.php?x=1');
    expect(frame.hasAttribute('data-src')).toBe(false);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('load at once in a browser without IntersectionObserver', () => {
    const { document } = page('<iframe data-src="https://www.facebook.com/plugins/page.php?x=2" title="Feed"></iframe>', { observer: false });
    const frame = document.querySelector('iframe')!;
    loadFrameWhenNear(frame);
    expect(frame.getAttribute('src')).toBe('https://www.facebook.com/plugins/page.php?x=2');
  });

  it('are found on a page without React once it is parsed; frames with a source are left alone', () => {
    const { document, observers, comeNear } = page('<iframe data-src="/a" title="A"></iframe><iframe src="/b" title="B"></iframe>');
    loadFramesWhenNear(document);
    expect(observers).toHaveLength(0);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(observers).toHaveLength(1);
    comeNear(true);
    const [deferred, plain] = Array.from(document.querySelectorAll('iframe'));
    expect(deferred!.getAttribute('src')).toBe('/a');
    expect(plain!.getAttribute('src')).toBe('/b');
  });

  describe('in a feed box, asked for first (the network may be down, or the browser block it)', () => {
    const feed = '<div data-feed="waiting"><iframe data-src="https://www.facebook.com/plugins/page.php?x=3" title="Feed"></iframe><p>Fallback</p></div>';

    it('load and show the frame when the third party answers, asking without cookies', async () => {
      const fetch = vi.fn(() => Promise.resolve({ type: 'opaque' }));
      const { document, observers, comeNear } = page(feed, { fetch });
      const frame = document.querySelector('iframe')!;
      const box = document.querySelector('[data-feed]')!;
      loadFrameWhenNear(frame);
      expect(observers[0]!.targets).toEqual([box]);
      expect(fetch).not.toHaveBeenCalled();
      comeNear(true);
      expect(box.getAttribute('data-feed')).toBe('loading');
      expect(fetch).toHaveBeenCalledWith('https://www.facebook.com/plugins/page.php?x=3', expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }));
      await vi.waitFor(() => expect(box.getAttribute('data-feed')).toBe('shown'));
      expect(frame.getAttribute('src')).toBe('https://www.facebook.com/plugins/page.php?x=3');
    });

    it('keep the fallback, and no frame, when the request fails', async () => {
      const { document, comeNear } = page(feed, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
      const frame = document.querySelector('iframe')!;
      const box = document.querySelector('[data-feed]')!;
      loadFrameWhenNear(frame);
      comeNear(true);
      await vi.waitFor(() => expect(box.getAttribute('data-feed')).toBe('failed'));
      expect(frame.hasAttribute('src')).toBe(false);
    });
  });
});
