import { Download, FileText } from 'lucide-react';
import { PortalRow } from '~/components/portal/portal-row';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { requireRole } from '~/features/accounts/route-guards.server';
import { listDocuments } from '~/features/content/documents.server';
import { memberAccess } from '~/features/membership/membership.server';
import { formatIsoDay } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { MembersOnlyNotice } from '../_site/members-only-notice.parts';
import type { Route } from './+types/documents';

/** Documents (docs/product.md#members-portal): the public ones, and the members' own for members in good standing. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const access = await memberAccess(user, new Date(), args.request);
  return { access, documents: await listDocuments(access) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Documents · Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { access, documents } = loaderData;
  return (
    <>
      {access.readsMembersDocuments ? null : (
        <div className="mb-8">
          <MembersOnlyNotice signedIn standing={access.standing} headingLevel="h2" inPortal />
        </div>
      )}
      {documents.length === 0 ? (
        <EmptyState>No documents have been shared yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
          {documents.map((document) => (
            <PortalRow
              key={document.id}
              icon={FileText}
              title={document.title}
              meta={<span className="capitalize">{`${document.type} · ${formatIsoDay(document.uploadDate)} · ${document.visibility === 'members' ? 'Members only' : 'Public'}`}</span>}
            >
              <Button asChild variant="outline" size="sm">
                <a href={`/documents/${document.id}/download`} download aria-label={`Download ${document.title}`}>
                  <Download aria-hidden /> Download
                </a>
              </Button>
            </PortalRow>
          ))}
        </ul>
      )}
    </>
  );
}
