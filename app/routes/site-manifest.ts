import { getPublicSiteSettings } from '~/features/content/settings.server';
import type { ResourceHandle } from '~/lib/page-policy';
import { webAppManifestResponse } from '~/lib/web-app-manifest';

/**
 * The public site's web app manifest (docs/architecture/previews.md#icons): a phone that adds the
 * site to its home screen names it and colours it from Settings, with the crest as its icon. The
 * door's check-in page has its own (routes/check-in/manifest.ts).
 */
export async function loader() {
  const settings = await getPublicSiteSettings();
  return webAppManifestResponse(
    {
      name: `${settings.associationName} – ${settings.chapterName}`,
      shortName: settings.shortName,
      description: `News, events, membership and giving of the ${settings.associationName}, ${settings.chapterName} chapter.`,
      startUrl: '/',
      scope: '/',
      themeColor: settings.themeColor,
      icons: 'site',
    },
    handle,
  );
}

// The same for everyone, and it follows Settings: kept a minute (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'public' };
