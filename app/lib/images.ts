/**
 * What an <img> needs for an uploaded picture (docs/architecture/media.md): a default source, a
 * srcset of every stored width, and the picture's size, so the page reserves its space.
 */
export type ImageSources = { src: string; srcSet: string; width: number; height: number };
