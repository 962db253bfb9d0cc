/**
 * Rich text helpers that run in the browser as well as on the server (the sanitiser itself is
 * server-only, in rich-text.server.ts).
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text typed before the editor existed: paragraphs between blank lines, as HTML. A browser
 * posts a textarea's line breaks as CR LF, and a blank line may hold spaces.
 */
export function plainTextToRichText(text: string): string {
  return text
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph)}</p>`)
    .join('');
}

/** Whether a rich-text field's value is HTML (the editor's) or plain text (a textarea's). */
export const looksLikeHtml = (value: string) => /<[a-z][^>]*>/i.test(value);
