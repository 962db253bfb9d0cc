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
