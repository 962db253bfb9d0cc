import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ContentHeading, ContentList, ContentListItem, StatusBadge } from '~/components/admin/content-ui';
import { ListFilters, Pagination } from '~/components/admin/records-table';
import { Button } from '~/components/ui/button';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { eventStatuses } from '~/features/events/events.schema';
import { listEventsForEditors } from '~/features/events/events.server';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { formatDateTime } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/events';

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const query = readAdminQuery(new URL(request.url), eventStatuses);
  return { ...(await listEventsForEditors(user, { search: query.search, status: query.status, page: query.page })), now: new Date() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Events · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, moreThanTotal, now } = loaderData;
  return (
    <>
      <ContentHeading title="Events" description="Events on the Events page, latest first. Drafts are seen only here.">
        <Button asChild>
          <Link to="/admin/content/events/new">
            <Plus aria-hidden /> New event
          </Link>
        </Button>
      </ContentHeading>
      <ListFilters idPrefix="events" statuses={eventStatuses} searchLabel="Search titles" />
      <ContentList label="Events" empty="No events match. Add the first one with “New event”.">
        {rows.map((event) => (
          <ContentListItem
            key={event.id}
            to={`/admin/content/events/${event.id}`}
            title={event.title}
            meta={
              <>
                <StatusBadge status={event.status} />
                <span>{formatDateTime(event.startsAt, event.timeZone)}</span>
                {event.startsAt < now ? <span>Past</span> : null}
                <span className="truncate">{event.venue}</span>
              </>
            }
          />
        ))}
      </ContentList>
      {total > 0 ? <Pagination page={page} pageCount={pageCount} total={total} moreThanTotal={moreThanTotal} /> : null}
    </>
  );
}
