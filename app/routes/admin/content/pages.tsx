import { ContentHeading, ContentList, ContentListItem } from '~/components/admin/content-ui';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { listPagesForEditors } from '~/features/content/pages.server';
import { formatDateTime } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/pages';

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireContentEditor(args);
  return { pages: await listPagesForEditors(user) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Pages · Content');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Pages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ContentHeading title="Pages" description="The words of the site’s standing pages. Saving a page puts it on the site at once." />
      <ContentList label="Pages" empty="">
        {loaderData.pages.map((page) => (
          <ContentListItem
            key={page.slug}
            to={`/admin/content/pages/${page.slug}`}
            title={page.title}
            meta={
              <>
                <span>/{page.slug}</span>
                <span>{page.updatedAt ? `Last saved ${formatDateTime(page.updatedAt)}` : 'Still shows its first words'}</span>
              </>
            }
          />
        ))}
      </ContentList>
    </>
  );
}
