import type { MediaKind } from '~/db/schema/enums';

/**
 * What may be uploaded (docs/product.md#content-area): the size of one file by kind, in bytes.
 * The total the site keeps is MEDIA_STORAGE_LIMIT_MB (README). Pure: the browser shows them too.
 */
export const maxUploadBytes: Record<MediaKind, number> = {
  image: 10 * 1024 * 1024,
  audio: 25 * 1024 * 1024,
  document: 20 * 1024 * 1024,
};

/** The widths pages choose from (srcset); an image is never enlarged past its own width. */
export const imageWidths = [320, 640, 960, 1600] as const;

/** What the file inputs accept (a hint to the browser; the server checks the bytes themselves). */
export const acceptedTypes: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  audio: 'audio/mpeg,audio/mp4,audio/aac,audio/ogg,audio/wav,audio/webm,audio/flac',
  document: 'application/pdf',
};

/** A size as people read it: "820 KB", "10 MB", "1 GB". */
export function fileSize(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 ** 3) return `${round(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const kindLabels: Record<MediaKind, string> = { image: 'A picture', audio: 'A recording', document: 'A PDF' };

/** What an editor reads when a file is over its kind's limit, in the browser and from the server alike. */
export function tooLargeMessage(kind: MediaKind, size: number): string {
  return `${kindLabels[kind]} may be at most ${fileSize(maxUploadBytes[kind])}; this file is ${fileSize(size)}.`;
}
