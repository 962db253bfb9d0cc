/** How far below the screen a deferred frame starts loading: about a phone screen ahead of the reader. */
export const NEARBY_MARGIN = '800px';

/**
 * A frame written with `data-src` instead of `src` (the home page's social feed, SocialFeed) loads
 * when the reader nears it, not with the page: a third party's frame costs the page's first paint
 * nothing and tells the third party nothing until then. Browsers without IntersectionObserver
 * load it at once; without JavaScript, a `<noscript>` copy stands in (and hides the empty frame).
 *
 * A frame inside a `[data-feed]` box is first asked for without cookies (`fetch`, no-cors): a
 * frame's load event fires for the browser's error page too, so this is how the page learns that
 * the network is down or the browser blocks the third party. The box then says `shown` (the frame
 * loads) or `failed` (it keeps its fallback), and its CSS shows one or the other
 * (docs/product.md#home).
 */
export function loadFrameWhenNear(frame: HTMLIFrameElement, margin = NEARBY_MARGIN): void {
  const source = frame.getAttribute('data-src');
  if (!source || frame.hasAttribute('data-watched')) return;
  frame.setAttribute('data-watched', '');
  const view = frame.ownerDocument.defaultView;
  const box = frame.closest('[data-feed]');
  const show = () => {
    frame.removeAttribute('data-src');
    frame.setAttribute('src', source);
    box?.setAttribute('data-feed', 'shown');
  };
  const load = () => {
    if (!box || !view || typeof view.fetch !== 'function') return show();
    box.setAttribute('data-feed', 'loading');
    view.fetch(source, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(show, () => box.setAttribute('data-feed', 'failed'));
  };
  if (!view || !('IntersectionObserver' in view)) {
    load();
    return;
  }
  const observer = new view.IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: `0px 0px ${margin} 0px` },
  );
  // The box, when there is one: the frame itself is not displayed until it is known to load, and a hidden element never comes into view.
  observer.observe(box ?? frame);
}

/** Every deferred frame of a page served without React, once the page is parsed. */
export function loadFramesWhenNear(document: Document): void {
  document.addEventListener('DOMContentLoaded', () => {
    for (const frame of Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe[data-src]'))) loadFrameWhenNear(frame);
  });
}
