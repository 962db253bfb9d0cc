import { toIsoWithOffset } from '~/lib/dates';
import type { JsonLd, SiteContext } from '~/lib/structured-data';
import { cutAtWord } from '~/lib/text';

/**
 * A story's schema.org `NewsArticle` (docs/architecture/previews.md#structured-data): headline,
 * when it was published and last changed (with the site time zone's offset), its author, picture
 * and the association as publisher. Pure.
 */
export type StoryForStructuredData = { slug: string; title: string; excerpt: string; category: string; author: string; publishedAt: Date; updatedAt: Date };

/**
 * When a story appeared and was last changed, with the site time zone's offset. A scheduled story
 * edited before its date was changed before it appeared: modified is never earlier than published.
 */
export function storyDates(story: Pick<StoryForStructuredData, 'publishedAt' | 'updatedAt'>): { published: string; modified: string } {
  const modified = story.updatedAt.getTime() > story.publishedAt.getTime() ? story.updatedAt : story.publishedAt;
  return { published: toIsoWithOffset(story.publishedAt), modified: toIsoWithOffset(modified) };
}

export function newsArticleJsonLd(story: StoryForStructuredData, site: SiteContext, options: { image: string }): JsonLd {
  const url = `${site.url}/news/${story.slug}`;
  const dates = storyDates(story);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    // Search engines show up to 110 characters of a headline.
    headline: cutAtWord(story.title, 110),
    description: cutAtWord(story.excerpt, 300),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [options.image],
    datePublished: dates.published,
    dateModified: dates.modified,
    articleSection: story.category,
    author: [{ '@type': 'Person', name: story.author }],
    publisher: site.publisher,
  };
}
