import { cacheControl, type ResourceHandle } from './page-policy';

/**
 * A web app manifest (docs/architecture/previews.md#icons): what a phone names, colours and shows
 * when the page is added to its home screen, opened full screen. The public site's
 * (routes/site-manifest.ts) and the door's (routes/check-in/manifest.ts, ADR 013) differ only in
 * these; each has three PNG icons drawn from the crest, `/icons/{icons}-192.png`, `-512.png` and
 * `-maskable-512.png`.
 */
export type WebAppManifest = {
  name: string;
  shortName: string;
  description: string;
  /** Where it opens, also its identity. */
  startUrl: string;
  scope: string;
  themeColor: string;
  /** The icons' file names' start in public/icons. */
  icons: 'site' | 'check-in';
};

/** The manifest as its JSON answer, kept by browsers as its route's handle says (page policy). */
export function webAppManifestResponse(manifest: WebAppManifest, handle: ResourceHandle): Response {
  const body = {
    id: manifest.startUrl,
    name: manifest.name,
    short_name: manifest.shortName,
    description: manifest.description,
    lang: 'en',
    start_url: manifest.startUrl,
    scope: manifest.scope,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: manifest.themeColor,
    icons: [
      { src: `/icons/${manifest.icons}-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `/icons/${manifest.icons}-512.png`, sizes: '512x512', type: 'image/png' },
      { src: `/icons/${manifest.icons}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': cacheControl(handle) } });
}
