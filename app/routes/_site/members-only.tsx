import { data, redirect } from 'react-router';
import { getSessionUser } from '~/features/accounts/session.server';
import { memberAccess } from '~/features/membership/membership.server';
import { pageMeta } from '~/lib/meta';
import { parseId } from '~/lib/params';
import { MembersOnlyNotice } from './members-only-notice.parts';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/members-only';

/**
 * Where a members-only document sends someone who may not read it (HTTP 403): what the document
 * is for, and how to become able to read it. A member who lands here goes on to the document.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await getSessionUser(args);
  const access = await memberAccess(user);
  const documentId = parseId(new URL(request.url).searchParams.get('document') ?? undefined);
  if (access.readsMembersDocuments) throw redirect(documentId ? `/documents/${documentId}/download` : '/members-portal/documents');
  return data({ signedIn: user !== null, standing: access.standing }, { status: 403 });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'For members only');

// Someone's own standing, for one document: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MembersOnly({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <MembersOnlyNotice signedIn={loaderData.signedIn} standing={loaderData.standing} />
    </section>
  );
}
