import { getPublicSiteSettings } from '~/features/content/settings.server';
import { cacheControl, type ResourceHandle } from '~/lib/page-policy';

/**
 * The public site's web app manifest (docs/architecture/previews.md#icons): a phone that adds the
 * site to its home screen names it and colours it from Settings, with the crest as its icon. The
 * door's check-in page has its own (routes/check-in/manifest.ts).
 */
export async function loader() {
  const settings = await getPublicSiteSettings();
  const manifest = {
    id: '/',
    name: `${settings.associationName} – ${settings.chapterName}`,
    short_name: settings.shortName,
    description: `News, events, membership and giving of the ${settings.associationName}, ${settings.chapterName} chapter.`,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: settings.themeColor,
    icons: [
      { src: '/icons/site-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/site-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/site-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}

// The same for everyone, and it follows Settings: kept a minute (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'public' };
