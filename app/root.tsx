import { useEffect } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
// The script every page runs first, with or without React (app/islands/page.ts; docs/architecture/pages.md#page-scripts).
import pageScript from '~/islands/page?inline-script';
import { ErrorPage } from '~/components/layout/error-page';
import { Toaster } from '~/components/ui/toaster';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { previewImage, sitePreviewSubject } from '~/features/media/previews.server';
import { DEFAULT_THEME_COLOUR } from '~/lib/colours';
import { pageScripts } from '~/lib/page-policy';
import { useNonce } from '~/lib/nonce';
import type { RootData } from '~/lib/site-settings';
import { toast } from '~/lib/toast';
import { getSessionUser } from '~/features/accounts/session.server';
import { env } from '~/lib/env.server';
import { isDatabaseUnavailable } from '~/lib/outage';
import { outageMiddleware } from '~/lib/outage.server';
import { privateByDefault } from '~/lib/response-headers.server';
import { readToast, toastMiddleware } from '~/lib/toast.server';

/**
 * A database outage answers 503 (lib/outage.server.ts), every request's toast slot
 * (lib/toast.server.ts), and no answer stored that does not say it may be
 * (lib/response-headers.server.ts). The session is read from the context when a loader asks.
 */
export const middleware: Route.MiddlewareFunction[] = [outageMiddleware, privateByDefault, toastMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const [settings, user] = await Promise.all([getPublicSiteSettings(), getSessionUser(args)]).catch((error: unknown) => {
    // The database is down or restarting: say so with 503 (try again soon), not a 500.
    if (isDatabaseUnavailable(error)) throw data('The site is temporarily unavailable.', { status: 503, headers: { 'Retry-After': '30' } });
    throw error;
  });
  const { fileName: _fileName, ...siteImage } = await previewImage(sitePreviewSubject(settings), settings);
  const rootData: RootData = {
    toast: readToast(args.context),
    settings,
    publicUrl: env().publicUrl,
    siteImage,
    // The account's own role: an admin still to set up two-step sign-in sees 'Admin Dashboard', which leads to its set-up.
    user: user ? { name: user.name, email: user.email, role: user.accountRole } : null,
  };
  return rootData;
}

// The crest as the tab's icon and the phone's home-screen icon (docs/architecture/previews.md#icons); the manifest is each page's (lib/meta.ts).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const themeColor = useRouteLoaderData<RootData>('root')?.settings.themeColor ?? DEFAULT_THEME_COLOUR;
  // Once React runs in the browser the page hydrated, so the scripts stay whatever page comes next.
  const hydrate = pageScripts(useMatches()) !== 'none' || typeof document !== 'undefined';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: pageScript }} />
        {/* Without JavaScript a deferred frame never loads: its <noscript> copy shows instead (components/home/social-feed.tsx). A style in the body's noscript is invalid HTML. */}
        <noscript>
          <style>{'iframe[data-src],[data-feed-card]{display:none!important}'}</style>
        </noscript>
      </head>
      <body className="min-h-dvh bg-white">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.toast;
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  // The page's forms run with React from here on (the root's effect runs after every route's):
  // what a journey waits for on a page that starts React after its first paint (ADR 009).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <Toaster serverToast={flash} />
    </>
  );
}

/**
 * After a form post that failed (4xx/5xx), React Router would not reload the root's data, so the
 * toast the action sent (in the flash cookie) would wait for the next page. Reloading it shows the
 * toast on the page where it happened (docs/architecture/forms.md#toasts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  if (isDatabaseUnavailable(error)) return <ErrorPage status={503} />;
  // On the server, entry.server's handleError has logged it with the request's id (docs/architecture/logs.md).
  if (typeof document !== 'undefined') console.error(error);
  return <ErrorPage status={500} />;
}
