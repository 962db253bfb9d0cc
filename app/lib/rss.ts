import { xmlElement, xmlText } from './xml';

/** A picture of an item: its absolute address and its type (`image/webp`); its size in bytes, 0 when not known. */
export type FeedPicture = { url: string; type: string; length?: number };

export type FeedItem = {
  title: string;
  /** The item's page, absolute. */
  link: string;
  /** What stays the same when the item's title or address changes (`news-7@example.org`). */
  guid: string;
  published: Date;
  summary: string;
  author?: string | null;
  category?: string | null;
  picture?: FeedPicture | null;
};

export type FeedChannel = {
  title: string;
  /** The page the feed follows, absolute. */
  link: string;
  /** The feed's own address, absolute. */
  self: string;
  description: string;
  items: readonly FeedItem[];
};

/** RFC 822 dates, as RSS 2.0 writes them ("Fri, 27 Nov 2026 21:40:34 GMT"). */
const rfc822 = (date: Date) => date.toUTCString();

/**
 * An RSS 2.0 feed (docs/architecture/feeds.md#news-feed): the channel with its own address
 * (`atom:link rel="self"`, as the RSS Advisory Board's profile asks), and each item with its title,
 * link, a stable guid, date, summary, author (`dc:creator`: RSS's own `author` must be an email
 * address), category and picture (an `enclosure`). Nothing in it depends on the time it was made,
 * so the same content gives the same bytes, and readers asking again get a 304.
 */
export function rssFeed(channel: FeedChannel): string {
  const newest = channel.items.reduce<Date | null>((found, item) => (!found || item.published > found ? item.published : found), null);
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      ${xmlElement('title', item.title)}`,
      `      ${xmlElement('link', item.link)}`,
      `      <guid isPermaLink="false">${xmlText(item.guid)}</guid>`,
      `      ${xmlElement('pubDate', rfc822(item.published))}`,
      `      ${xmlElement('description', item.summary)}`,
      item.author ? `      ${xmlElement('dc:creator', item.author)}` : null,
      item.category ? `      ${xmlElement('category', item.category)}` : null,
      item.picture ? `      <enclosure url="${xmlText(item.picture.url)}" type="${xmlText(item.picture.type)}" length="${item.picture.length ?? 0}"/>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${xmlElement('title', channel.title)}`,
    `    ${xmlElement('link', channel.link)}`,
    `    <atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `    ${xmlElement('description', channel.description)}`,
    '    <language>en</language>',
    newest ? `    ${xmlElement('lastBuildDate', rfc822(newest))}` : null,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}
