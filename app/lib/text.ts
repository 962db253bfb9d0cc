/**
 * Control characters (C0 and DEL; NUL among them, which PostgreSQL cannot even store in text) have
 * no place in names, addresses, ids or links: input holding them is refused as bad input. Text
 * typed in a multi-line field may keep its line breaks and tabs.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, but tab, line feed and carriage return
const controlCharactersButLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? controlCharactersButLineBreaks : controlCharacters).test(value);
}

/** The message for text with control characters in it; `label` names the field ("First name"). */
export function controlCharactersMessage(label?: string): string {
  return `${label ?? 'This field'} contains characters that are not allowed.`;
}

/** For a zod `refine`: true when typed text holds no control characters (line breaks allowed when multi-line). */
export const isPlainText =
  (options: { multiline?: boolean } = {}) =>
  (value: string): boolean =>
    !hasControlCharacters(value, options);

/**
 * `text` in at most `max` characters (docs/architecture/previews.md#descriptions): whitespace run
 * together, and when it is longer, cut at the last space that leaves room for an ellipsis, with
 * punctuation at the cut dropped ('… this year’s scholarship' → '… this year’s…'). A single word
 * longer than `max` is cut between letters (grapheme clusters, never inside a conjunct).
 */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  // The cut falls on a space after the word before it, or on no space at all: one long word.
  const head = flat[max - 1] === ' ' ? room : space > 0 ? room.slice(0, space) : graphemesWithin(flat, max - 1);
  return `${head.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}

/** The whole grapheme clusters at the start of `text` that fit in `limit` characters. */
function graphemesWithin(text: string, limit: number): string {
  let kept = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if (kept.length + segment.length > limit) break;
    kept += segment;
  }
  return kept;
}
