/**
 * What a file is, by its first bytes, not by its name or the browser's word for it: the type is
 * checked by content (docs/product.md#content-area). Only the types the site serves are known;
 * anything else (SVG, which can carry scripts, HTML, executables…) is `null`.
 *
 * Not `file-type`: it knows 180 formats where we take 12, so a table from its answers to ours
 * would be as long as this; its last version for Node 20 (21.3.4) brings ten packages (520 KB);
 * and it reads deeper into a file (past an ID3 tag, into ZIP and EBML) than a look at the first
 * bytes needs. It cannot tell a sound-only MP4 or WebM from a video either.
 */
export type Sniffed =
  | { kind: 'image'; mimeType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif' }
  | { kind: 'audio'; mimeType: 'audio/mpeg' | 'audio/mp4' | 'audio/ogg' | 'audio/wav' | 'audio/webm' | 'audio/flac' }
  | { kind: 'document'; mimeType: 'application/pdf' };

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

export function sniffFile(bytes: Uint8Array): Sniffed | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 5) === '%PDF-') return { kind: 'document', mimeType: 'application/pdf' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'image', mimeType: 'image/jpeg' };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return { kind: 'image', mimeType: 'image/png' };
  if (ascii(bytes, 0, 4) === 'GIF8') return { kind: 'image', mimeType: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { kind: 'image', mimeType: 'image/webp' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return { kind: 'audio', mimeType: 'audio/wav' };
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return { kind: 'image', mimeType: 'image/avif' };
    if (/^(M4A |M4B |mp42|isom|mp41|dash)$/.test(brand)) return { kind: 'audio', mimeType: 'audio/mp4' };
    return null;
  }
  if (ascii(bytes, 0, 4) === 'OggS') return { kind: 'audio', mimeType: 'audio/ogg' };
  if (ascii(bytes, 0, 4) === 'fLaC') return { kind: 'audio', mimeType: 'audio/flac' };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { kind: 'audio', mimeType: 'audio/webm' };
  // MP3: an ID3 tag, or an MPEG audio frame header (11 set sync bits, layer III).
  if (ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe6) === 0xe2)) return { kind: 'audio', mimeType: 'audio/mpeg' };
  return null;
}
