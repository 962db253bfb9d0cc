import { redirect } from 'react-router';
import { signOut } from '~/features/accounts/accounts.server';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/logout';

/** Signs out (ends the session in the database, clears the cookie) and goes home (docs/product.md#site-layout). */
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: await signOut(request) });
}

export function loader() {
  return redirect('/');
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
