import { PageHero } from '~/components/layout/page-hero';
import { RichText } from '~/components/ui/rich-text';
import { getLegalPage, legalSlugs, type LegalSlug } from '~/features/content/pages.server';
import { formatLongDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { notFound } from '~/lib/params';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/legal-page';

/** /privacy-policy, /terms-of-service and /cookie-policy: one route file, the page named by its path. */
export async function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/^\/|\/$/g, '') as LegalSlug;
  if (!legalSlugs.includes(slug)) notFound();
  return getLegalPage(slug);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.title ?? 'Not Found');

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { title, body, updatedAt } = loaderData;
  return (
    <>
      <PageHero eyebrow="The association" title={title}>
        {updatedAt ? `Last updated ${formatLongDate(updatedAt)}.` : 'How the association looks after you and your information.'}
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <RichText html={body} />
      </div>
    </>
  );
}
