import sanitizeHtml from 'sanitize-html';
import { looksLikeHtml, plainTextToRichText } from './rich-text';

export { plainTextToRichText };

/**
 * Rich text as editors write it (news bodies, event descriptions, page texts), made safe before
 * it is stored: an allow-list of tags and attributes, links only to http(s), mailto and tel (or
 * paths on this site), images only from this site's media or https. Scripts, event handlers,
 * styles, frames, forms and `javascript:` links never survive (tested against the OWASP XSS
 * filter-evasion payloads in rich-text.server.test.ts). Stored HTML is rendered as it is.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page's own heading is its h1: a pasted h1 becomes a section heading.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = attribs.target === '_blank';
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : rest };
    },
    // A pasted picture without a description is shown as decoration (alt=""): HTML requires alt, and
    // screen readers would read its address instead.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
  },
  exclusiveFilter: (frame) => {
    // Images come from the site's media library (or https); an <img> left without a source is dropped.
    if (frame.tag === 'img') return !frame.attribs.src || !/^(\/media\/|https:\/\/)/.test(frame.attribs.src);
    return false;
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * The text of rich text, for summaries, search and "is it empty?": plain characters, to be shown
 * as text (React escapes it). The sanitiser decodes every entity and escapes only & < > back.
 */
export function richTextToPlain(html: string): string {
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/**
 * What a rich-text field posted, ready to store: the editor's HTML, sanitised; or, from a browser
 * without JavaScript (a plain textarea), text with blank lines between paragraphs.
 */
export function richTextFromForm(value: string): string {
  return looksLikeHtml(value) ? sanitizeRichText(value) : plainTextToRichText(value);
}

/**
 * Stored rich text made ready for a mail: links and pictures on this site get its full address
 * (`/media/…` means nothing in a mail program).
 */
export function richTextForMail(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`);
}

/**
 * The plain-text part of a mail from rich text: paragraphs and headings apart, list items as
 * "- …", links as "text (address)", everything else as its text.
 */
export function richTextToMailText(html: string): string {
  const marked = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => `${inner} (${href})`)
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|h[1-6]|blockquote|pre|ul|ol)>/gi, '\n\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
