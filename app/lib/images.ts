/**
 * What an <img> needs for an uploaded picture (docs/architecture/media.md): a default source, a
 * srcset of every stored width, and the picture's size, so the page reserves its space.
 */
export type ImageSources = { src: string; srcSet: string; width: number; height: number };

/**
 * A page's link-preview picture (docs/architecture/previews.md): always 1200 × 630, a JPEG made
 * from the page's own picture or a PNG card; `url` is a path on this site.
 */
export type PreviewImage = { url: string; width: number; height: number; alt: string; type: 'image/png' | 'image/jpeg' };
