import type { MetaDescriptor } from 'react-router';

type RootData = { settings?: { shortName: string; chapterName: string } } | undefined;

/**
 * `<title>` and description for a page: "Events · LMC PPA North America". Reads the association's
 * name from the root loader's data so it follows the admins' settings.
 */
export function pageMeta(
  matches: readonly ({ id: string; loaderData?: unknown; data?: unknown } | undefined)[],
  title: string | null,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root');
  const settings = ((root?.loaderData ?? root?.data) as RootData)?.settings;
  const site = settings ? `${settings.shortName} ${settings.chapterName}` : "Past Pupils' Association North America";
  const tags: MetaDescriptor[] = [{ title: title ? `${title} · ${site}` : site }];
  if (description) tags.push({ name: 'description', content: description });
  return tags;
}
