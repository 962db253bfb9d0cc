import { useEffect } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { ErrorPage } from '~/components/layout/error-page';
import { Toaster } from '~/components/ui/toaster';
import { getSiteSettings } from '~/features/content/settings.server';
import { heldScript } from '~/lib/hydration';
import { pageScripts } from '~/lib/page-policy';
import { useNonce } from '~/lib/nonce';
import type { RootData } from '~/lib/site-settings';
import { toast } from '~/lib/toast';
import { getSessionUser } from '~/features/accounts/session.server';
import { env } from '~/lib/env.server';
import { isDatabaseUnavailable } from '~/lib/outage';
import { privateByDefault } from '~/lib/response-headers.server';
import { readToast, toastMiddleware } from '~/lib/toast.server';

/**
 * Every request's toast slot (lib/toast.server.ts), and no answer stored that does not say it may
 * be (lib/response-headers.server.ts). The session is read from the context when a loader asks.
 */
export const middleware: Route.MiddlewareFunction[] = [privateByDefault, toastMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const [settings, user] = await Promise.all([getSiteSettings(), getSessionUser(args)]).catch(
    (error: unknown) => {
      // The database is down or restarting: say so with 503 (try again soon), not a 500.
      if (isDatabaseUnavailable(error)) throw data('The site is temporarily unavailable.', { status: 503, headers: { 'Retry-After': '30' } });
      throw error;
    },
  );
  const rootData: RootData = {
    toast: readToast(args.context),
    settings,
    publicUrl: env().publicUrl,
    user: user ? { name: user.name, email: user.email, role: user.role ?? null } : null,
  };
  return rootData;
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * A page that hydrates after its first paint (PageHandle 'after-paint', lib/script-timing.server.ts)
 * arrives with React Router's preloads and module script held: once the page is painted (the frame
 * after DOMContentLoaded), they are written live and React starts.
 */
const startHeldScripts = `addEventListener('DOMContentLoaded',function(){var s=document.querySelector('script[type="${heldScript.moduleType}"]');if(!s)return;requestAnimationFrame(function(){setTimeout(function(){document.querySelectorAll('link[rel="${heldScript.preloadRel}"]').forEach(function(l){var p=document.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');document.head.appendChild(p)});var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;s.after(m)})})})`;

/**
 * The header's menus are native popovers; in a browser without them (Safari before 17, Firefox
 * before 125) these lines do the same with an `open` attribute (app.css shows and hides it): the
 * button toggles its menu, a click outside or Escape closes it.
 */
const popoverFallback = `if(!('popover' in HTMLElement.prototype)){var c=function(x){document.querySelectorAll('[popover][open]').forEach(function(o){if(o!==x)o.removeAttribute('open')})};document.addEventListener('click',function(e){var t=e.target,b=t.closest&&t.closest('[popovertarget]'),p=b&&document.getElementById(b.getAttribute('popovertarget'));if(p){var a=b.getAttribute('popovertargetaction'),s=a==='show'||(a!=='hide'&&!p.hasAttribute('open'));c(p);if(s)p.setAttribute('open','');else p.removeAttribute('open');return}c(t.closest&&t.closest('[popover]'))});document.addEventListener('keydown',function(e){if(e.key==='Escape')c(null)})}`;

/** A toast written into the page goes after 5000 ms, as Radix's do (a page that hydrates shows Radix's then). */
const serverToastTimeout = `addEventListener('DOMContentLoaded',function(){setTimeout(function(){document.querySelectorAll('[data-server-toast]').forEach(function(t){t.hidden=true})},5000)})`;

/**
 * The few lines every page runs, with or without React (docs/architecture.md#pages-without-javascript):
 * an image marked `data-fallback` that fails to load shows its fallback instead. Listening on the
 * window in the capture phase catches images that fail before anything else has run.
 */
const pageScript = `addEventListener('error',function(e){var t=e.target,f=t&&t.getAttribute&&t.getAttribute('data-fallback');if(f&&t.getAttribute('src')!==f){t.removeAttribute('srcset');t.src=f}},true);${startHeldScripts};${popoverFallback};${serverToastTimeout}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Once React runs in the browser the page hydrated, so the scripts stay whatever page comes next.
  const hydrate = pageScripts(useMatches()) !== 'none' || typeof document !== 'undefined';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b2f57" />
        <Meta />
        <Links />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: pageScript }} />
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
 * toast on the page where it happened (docs/architecture.md#forms).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  if (isDatabaseUnavailable(error)) return <ErrorPage status={503} />;
  console.error(error);
  return <ErrorPage status={500} />;
}
