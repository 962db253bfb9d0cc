import { NotFound } from '~/components/layout/not-found';
import { notFound } from '~/lib/params';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/not-found';

/** Every URL no other route claims: a designed 404 inside the site layout, with HTTP 404. */
export function loader() {
  notFound();
}

/** A form posted to an address that does not exist is a 404 too (not a 405 with an error in the log). */
export function action() {
  notFound();
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Page not found');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function NotFoundPage() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
