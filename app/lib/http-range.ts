/**
 * The one byte range of a `Range: bytes=…` header (RFC 9110 §14), for serving recordings a
 * player seeks in. Null when there is no usable single range (serve the whole file), or
 * 'unsatisfiable' when the range lies past the end (answer 416).
 *
 * Not `range-parser` (Express's res.sendFile): its 1.3.0 answers a suffix longer than the file
 * (`bytes=-5000` of 1,000 bytes) as unsatisfiable, where RFC 9110 §14.1.3 serves the whole file,
 * and we serve one range only, which is all this needs.
 */
export function parseByteRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    if (size === 0) return null;
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
