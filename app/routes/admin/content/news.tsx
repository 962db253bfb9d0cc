import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ContentHeading, ContentList, ContentListItem, StatusBadge } from '~/components/admin/content-ui';
import { ListFilters, Pagination } from '~/components/admin/records-table';
import { Button } from '~/components/ui/button';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { listNewsForEditors, type NewsState } from '~/features/content/news.server';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { formatDateTime } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/news';

const states: NewsState[] = ['draft', 'scheduled', 'published'];

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user } = await requireContentEditor(args);
  const query = readAdminQuery(new URL(request.url), states);
  return listNewsForEditors(user, { search: query.search, state: query.status, page: query.page });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'News · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { rows, page, pageCount, total, moreThanTotal } = loaderData;
  return (
    <>
      <ContentHeading title="News" description="Stories on the News page, newest first. Drafts and scheduled stories are seen only here.">
        <Button asChild>
          <Link to="/admin/content/news/new">
            <Plus aria-hidden /> New story
          </Link>
        </Button>
      </ContentHeading>
      <ListFilters idPrefix="news" statuses={states} searchLabel="Search titles" />
      <ContentList label="Stories" empty="No stories match. Write the first one with “New story”.">
        {rows.map((story) => (
          <ContentListItem
            key={story.id}
            to={`/admin/content/news/${story.id}`}
            title={story.title}
            meta={
              <>
                <StatusBadge status={story.state} />
                <span>{formatDateTime(story.publishedAt)}</span>
                <span>{story.category}</span>
              </>
            }
          />
        ))}
      </ContentList>
      {total > 0 ? <Pagination page={page} pageCount={pageCount} total={total} moreThanTotal={moreThanTotal} /> : null}
    </>
  );
}
