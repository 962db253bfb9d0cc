import { auth } from '~/features/accounts/auth.server';
import type { ResourceHandle } from '~/lib/page-policy';
import type { Route } from './+types/auth.$';

/** better-auth's endpoints (/api/auth/*): verification links, reset links and JSON calls. */
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}

// Never stored: an answer for one visitor or one call (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
