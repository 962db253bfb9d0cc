import { Download } from 'lucide-react';
import { Form } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { readFinanceYear } from '~/features/payments/finance';
import { getFinanceOverview } from '~/features/payments/finance.server';
import { readAdminQuery } from '~/lib/admin-lists.server';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/finance';
import { MoneySection } from './finance-money.parts';
import { StandingSection, StatementsSection, SubscriptionsSection } from './finance-sections.parts';
import { sendStatementsAction } from './finance-send-statements.parts.server';

/**
 * The finance view (docs/product.md#finance): read-only, for finance and admins. The year lives in
 * the URL (`?year=2026`) and is chosen with a plain GET form, so it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  // Editors get the refusal page, which names what they may open (docs/product.md#admin-navigation).
  const { user, can } = await requireAdminAbility(args, 'viewFinance');
  const year = readFinanceYear(args.url.searchParams.get('year'), new Date());
  // The donors' list is paged (`?page=`), read leniently as the admin tables' is.
  const { page } = readAdminQuery(args.url, []);
  return { ...(await getFinanceOverview(user, year, new Date(), page)), canMail: can.mailMembers };
}

export const action = sendStatementsAction;

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Finance');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function FinancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { year, years, totals, standings, subscriptions, donors, donorsPage, canMail } = loaderData;
  return (
    <>
      <PageHero eyebrow="Administration" title="Finance">
        Money received by month and purpose, members by standing, recurring gifts and year-end giving statements.
      </PageHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the year">
            <div className="grid gap-1">
              <label htmlFor="finance-year" className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Year
              </label>
              <select id="finance-year" name="year" defaultValue={String(year)} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
                {years.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {candidate}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="outline">
              Show
            </Button>
            <Button asChild variant="ghost">
              <a href={`/admin/finance/totals.csv?year=${year}`} download>
                <Download aria-hidden /> Totals (CSV)
              </a>
            </Button>
          </Form>
        </div>

        <MoneySection totals={totals} />
        <StandingSection standings={standings} />
        <SubscriptionsSection subscriptions={subscriptions} />
        <StatementsSection year={year} donors={donors} donorsPage={donorsPage} canMail={canMail} asking={actionData?.asking ?? null} />
      </div>
    </>
  );
}
