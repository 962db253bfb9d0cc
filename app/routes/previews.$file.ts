import fresh from 'fresh';
import { redirect } from 'react-router';
import { findPublishedNews, newsPreviewSubject } from '~/features/content/news.server';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { eventPreviewSubject, getEventWithTiers } from '~/features/events/events.server';
import { parsePreviewFileName, previewFile, sitePreviewSubject, type PreviewSubject } from '~/features/media/previews.server';
import { cacheControl, cacheControlOf, type ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/previews.$file';

/**
 * A page's link-preview picture (docs/architecture/previews.md): a published story's or event's, or
 * the site's card. Made on the first request and kept; its address changes with what it shows, so
 * the bytes at one address never change. An earlier address redirects to the current one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = parsePreviewFileName(params.file);
  const settings = await getPublicSiteSettings();
  const subject = parsed ? await subjectOf(parsed, settings) : null;
  if (!subject) return new Response('Picture not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const file = await previewFile(subject, settings, params.file);
  // Found again under its new address (an edit, or new Settings); the redirect itself may change.
  if ('moved' in file) throw redirect(file.moved, { status: 302, headers: { 'Cache-Control': cacheControlOf.public } });
  const etag = `"${params.file}"`;
  const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': cacheControl(handle), ETag: etag });
  if (fresh(Object.fromEntries(request.headers), { etag })) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(file.bytes.length));
  return new Response(new Uint8Array(file.bytes), { headers });
}

async function subjectOf(parsed: { kind: string; id: number | null }, settings: Awaited<ReturnType<typeof getPublicSiteSettings>>): Promise<PreviewSubject | null> {
  if (parsed.kind === 'site') return sitePreviewSubject(settings);
  if (parsed.id === null) return null;
  if (parsed.kind === 'news') {
    const story = await findPublishedNews(parsed.id);
    return story ? newsPreviewSubject(story) : null;
  }
  const event = await getEventWithTiers(parsed.id);
  return event ? eventPreviewSubject(event) : null;
}

// The bytes at an address never change (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'immutable' };
