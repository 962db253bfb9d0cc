import type { MetaDescriptor } from 'react-router';
import type { PreviewImage } from './images';
import type { RootData } from './site-settings';
import { siteContext, type JsonLd, type SiteContext } from './structured-data';
import { cutAtWord } from './text';

/** What a page says of itself beyond its title (docs/architecture/previews.md). */
export type PageMetaOptions = {
  /** The search result's and the link preview's text: cut at a word, with an ellipsis, at 160 characters. */
  description?: string | null;
  /** The link preview's picture; the site's own card (the root's) when left out. */
  image?: PreviewImage | null;
  /**
   * A story: Open Graph's type 'article', with its dates (ISO 8601 with offset) and section. Every
   * other page is a 'website' (Open Graph has no type for an event: its details are in its JSON-LD).
   */
  article?: { publishedTime: string; modifiedTime: string; section: string };
  /** The page's structured data, built with the site's address and publisher. */
  jsonLd?: (site: SiteContext) => JsonLd | JsonLd[];
  /** The web app manifest the page links to: the public site's, unless a page has its own (the door). */
  manifest?: string;
};

/** The most of a description search engines and previews show. */
export const DESCRIPTION_LENGTH = 160;

/** The public site's web app manifest (routes/site-manifest.ts). */
export const SITE_MANIFEST = '/site.webmanifest';

/**
 * `<title>` and everything else a page's head says of it, in one place: the description, the
 * canonical link, Open Graph and X's card for link previews (with the picture), the JSON-LD, the
 * manifest. "Events · LMC PPA North America". Reads the association's name, its card and the
 * public origin (PUBLIC_URL) from the root loader's data. An error page (`error`: a 404, a 500)
 * names no canonical address and no og:url: it is not the page at that address.
 */
export function pageMeta(
  { matches, location, error }: { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]; location: { pathname: string }; error?: unknown },
  title: string | null,
  descriptionOrOptions?: string | PageMetaOptions,
): MetaDescriptor[] {
  const options: PageMetaOptions = typeof descriptionOrOptions === 'string' ? { description: descriptionOrOptions } : (descriptionOrOptions ?? {});
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const settings = root?.settings;
  const site = settings ? `${settings.shortName} ${settings.chapterName}` : "Past Pupils' Association North America";
  const fullTitle = title ? `${title} · ${site}` : site;
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { property: 'og:title', content: title ?? site }, { property: 'og:site_name', content: site }];
  const description = options.description ? cutAtWord(options.description, DESCRIPTION_LENGTH) : null;
  if (description) tags.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  tags.push({ property: 'og:type', content: options.article ? 'article' : 'website' }, { property: 'og:locale', content: 'en_US' });
  if (options.article) {
    tags.push(
      { property: 'article:published_time', content: options.article.publishedTime },
      { property: 'article:modified_time', content: options.article.modifiedTime },
      { property: 'article:section', content: options.article.section },
    );
  }
  const publicUrl = root?.publicUrl;
  if (publicUrl && !error) {
    const url = `${publicUrl}${location.pathname}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  const image = options.image ?? root?.siteImage;
  if (publicUrl && image) {
    tags.push(
      { property: 'og:image', content: `${publicUrl}${image.url}` },
      { property: 'og:image:type', content: image.type },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  tags.push({ name: 'twitter:card', content: 'summary_large_image' });
  if (publicUrl && settings && options.jsonLd && !error) {
    const blocks = options.jsonLd(siteContext(settings, publicUrl));
    for (const block of Array.isArray(blocks) ? blocks : [blocks]) tags.push({ 'script:ld+json': block });
  }
  tags.push({ tagName: 'link', rel: 'manifest', href: options.manifest ?? SITE_MANIFEST });
  return tags;
}
