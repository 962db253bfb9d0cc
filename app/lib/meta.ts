import type { MetaDescriptor } from 'react-router';
import type { RootData } from './site-settings';

/**
 * `<title>`, description and canonical link for a page: "Events · LMC PPA North America". Reads the
 * association's name and the public origin (PUBLIC_URL) from the root loader's data.
 */
export function pageMeta(
  { matches, location }: { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]; location: { pathname: string } },
  title: string | null,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const settings = root?.settings;
  const site = settings ? `${settings.shortName} ${settings.chapterName}` : "Past Pupils' Association North America";
  const fullTitle = title ? `${title} · ${site}` : site;
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { property: 'og:title', content: fullTitle }];
  if (description) tags.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  if (root?.publicUrl) {
    const url = `${root.publicUrl}${location.pathname}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  return tags;
}
