import { auth } from '~/features/accounts/auth.server';
import type { Route } from './+types/auth.$';

/** better-auth's endpoints (/api/auth/*): verification links, reset links and JSON calls. */
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
