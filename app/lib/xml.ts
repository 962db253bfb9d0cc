/**
 * Text inside the XML we write (the sitemap, the news feed: docs/architecture/feeds.md). XML 1.0
 * refuses some characters outright, even escaped (control characters but tab and line breaks, a
 * lone half of a surrogate pair, U+FFFE and U+FFFF): one of them pasted into a story's title
 * would make the whole feed unreadable, so they are left out. The rest is escaped, so `&`, `<`
 * and quotes come through as written, in text and in attribute values alike.
 */
// eslint-disable-next-line no-control-regex -- matching the characters XML refuses is the point
const notInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value: string): string {
  return value.replace(notInXml, '').replace(/[&<>"']/g, (character) => entities[character]!);
}

/** `<name>text</name>`, the text escaped. */
export function xmlElement(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}
