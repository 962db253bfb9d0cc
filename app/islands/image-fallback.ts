/**
 * An image marked `data-fallback` (FallbackImage) that fails to load shows its fallback instead,
 * on every page, with or without React. Listening on the window in the capture phase catches
 * images that fail before anything else has run (the page's script is the first thing in <head>).
 */
export function showImageFallbacks(target: Window & typeof globalThis): void {
  target.addEventListener(
    'error',
    (event) => {
      const image = event.target;
      if (!(image instanceof target.Element)) return;
      const fallback = image.getAttribute('data-fallback');
      if (!fallback || image.getAttribute('src') === fallback) return;
      image.removeAttribute('srcset');
      image.setAttribute('src', fallback);
    },
    true,
  );
}
