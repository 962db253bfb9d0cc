import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ContentHeading, ContentList, ContentListItem, StatusBadge } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { listMailings } from '~/features/mailings/mailings.server';
import { formatDateTime } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/mailings';
import { requireMailer } from '~/features/accounts/route-guards.server';

export async function loader(args: Route.LoaderArgs) {
  const user = await requireMailer(args);
  return { mailings: await listMailings(user) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Mail to members');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Mailings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ContentHeading title="Messages" description="Write to all members, members about to expire or expired, this year’s donors, or an event’s attendees.">
        <Button asChild>
          <Link to="/admin/mail/new">
            <Plus aria-hidden /> New message
          </Link>
        </Button>
      </ContentHeading>
      <ContentList label="Messages" empty="No messages yet. Write the first one with “New message”.">
        {loaderData.mailings.map((mailing) => (
          <ContentListItem
            key={mailing.id}
            to={`/admin/mail/${mailing.id}`}
            title={mailing.subject}
            meta={
              <>
                <StatusBadge status={mailing.status} />
                <span>{mailing.audienceLabel}</span>
                {mailing.status === 'draft' ? (
                  <span>Saved {formatDateTime(mailing.updatedAt)}</span>
                ) : (
                  <span>
                    {mailing.progress.sent} of {mailing.progress.total} sent
                    {mailing.startedAt ? ` · ${formatDateTime(mailing.startedAt)}` : ''}
                  </span>
                )}
              </>
            }
          />
        ))}
      </ContentList>
    </>
  );
}
