import { ArrowLeft, Download, FileText } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Badge, TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { iptvSubscriptionPlans } from '~/features/donations/causes';
import { requireAdminArea } from '~/features/accounts/guards.server';
import { getFinanceOverview } from '~/features/payments/finance.server';
import {
  financePurposeLabels,
  financePurposes,
  readFinanceYear,
  stackedColumns,
  subscriptionSchedule,
  type FinancePurpose,
  type YearTotals,
} from '~/features/payments/finance';
import { formatLongDate } from '~/lib/dates';
import { statusLabel } from '~/lib/labels';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/finance';

/**
 * The finance view (docs/product.md#finance): read-only, for finance and admins. The year lives in
 * the URL (`?year=2026`) and is chosen with a plain GET form, so it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { user, can } = await requireAdminArea(args);
  // Editors have the content area; nobody else reaches the admin area at all.
  if (!can.viewFinance) throw redirect(can.editContent ? '/admin/content' : '/');
  const year = readFinanceYear(new URL(request.url).searchParams.get('year'), new Date());
  return { ...(await getFinanceOverview(user, year)), canOpenDashboard: can.viewDonations };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Finance');

/** Each purpose's colour in the chart and its legend (contrast ≥ 3:1 on white). */
const purposeColors: Record<FinancePurpose, string> = {
  membership: '#223b6d',
  general: '#b7791f',
  medical: '#0f766e',
  iptv: '#7c3aed',
  tickets: '#be123c',
};

const standingLabels = {
  active: 'Active',
  grace: 'In grace period',
  expired: 'Expired',
  pending_approval: 'Pending approval',
  pending_payment: 'Pending payment',
  rejected: 'Rejected',
} as const;

const standingNotes = {
  active: 'Approved and unexpired',
  grace: 'Expired, access kept for now',
  expired: 'Past the grace period',
  pending_approval: 'Paid, waiting for the committee',
  pending_payment: 'Applied, not paid',
  rejected: 'Declined by the committee',
} as const;

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function FinancePage({ loaderData }: Route.ComponentProps) {
  const { year, years, totals, standings, subscriptions, donors, canOpenDashboard } = loaderData;
  return (
    <>
      <PageHero eyebrow="Administration" title="Finance">
        Money received by month and purpose, members by standing, IPTV subscriptions and year-end giving statements.
      </PageHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          {canOpenDashboard ? (
            <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
              <ArrowLeft className="size-4" aria-hidden /> Admin Dashboard
            </Link>
          ) : null}
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
        <StatementsSection year={year} donors={donors} />
      </div>
    </>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

function SectionHeading({ id, title, children }: { id: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-5">
      <h2 id={id} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      {children ? <p className="mt-1 max-w-3xl text-muted-foreground">{children}</p> : null}
    </div>
  );
}

function MoneySection({ totals }: { totals: YearTotals }) {
  const figures = [
    { label: 'Received', cents: totals.total.grossCents, note: 'Every confirmed payment, online and offline' },
    { label: 'Refunded', cents: totals.total.refundedCents, note: 'Given back this year' },
    { label: 'Net', cents: totals.total.netCents, note: 'What stayed with the association' },
  ];
  return (
    <section aria-labelledby="money-heading">
      <SectionHeading id="money-heading" title={`Money in ${totals.year}`}>
        Payments count in the month they were received, refunds in the month they were given back. Gifts to the IPTV Project include every renewal of its subscriptions.
      </SectionHeading>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-border bg-white p-5 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{figure.label}</dt>
            <dd className={`mt-2 text-3xl font-bold tabular-nums ${figure.label === 'Net' ? 'text-navy-900' : 'text-slate-800'}`}>{formatCents(figure.cents)}</dd>
            <dd className="mt-1 text-sm text-muted-foreground">{figure.note}</dd>
          </div>
        ))}
      </dl>
      {totals.testGrossCents > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <TestModeBadge /> Includes {formatCents(totals.testGrossCents)} received in test mode: no money moved.
        </p>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <h3 className="text-lg font-semibold text-navy-900">Net by month and purpose</h3>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="Purposes in the chart">
          {financePurposes.map((purpose) => (
            <li key={purpose} className="inline-flex items-center gap-2">
              <span className="size-3 rounded-sm" style={{ backgroundColor: purposeColors[purpose] }} aria-hidden />
              {financePurposeLabels[purpose]}
            </li>
          ))}
        </ul>
        {totals.total.grossCents === 0 && totals.total.refundedCents === 0 ? (
          <p className="mt-6 rounded-lg bg-muted p-6 text-center text-slate-700">No money was received in {totals.year}.</p>
        ) : (
          <MonthChart totals={totals} />
        )}
      </div>
      <MonthTable totals={totals} />
    </section>
  );
}

const CHART_HEIGHT = 220;
const LABEL_SPACE = 24;

/**
 * A stacked column per month, drawn on the server. The columns' x positions are percentages, so the
 * chart fills any width while its text keeps its size (readable at 375 px). The table below carries
 * every figure; the chart's title and description say what it shows and its highest month.
 */
function MonthChart({ totals }: { totals: YearTotals }) {
  const chart = stackedColumns(totals, CHART_HEIGHT);
  const best = [...totals.months].sort((a, b) => b.total.netCents - a.total.netCents)[0]!;
  const slot = 100 / chart.columns.length;
  const top = 8;
  return (
    <figure className="mt-6">
      <div className="flex gap-2">
        <div className="relative w-14 shrink-0 text-right text-xs tabular-nums text-muted-foreground" style={{ height: CHART_HEIGHT + top + LABEL_SPACE }} aria-hidden>
          {chart.scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: chart.y(tick) + top }}>
              {formatWholeDollars(tick)}
            </span>
          ))}
        </div>
        <svg
          role="img"
          aria-labelledby="chart-title chart-description"
          width="100%"
          height={CHART_HEIGHT + top + LABEL_SPACE}
          className="block min-w-0 flex-1 overflow-visible"
        >
          <title id="chart-title">{`Net money received each month of ${totals.year}, stacked by purpose`}</title>
          <desc id="chart-description">
            {`In ${totals.year} the association received ${formatCents(totals.total.grossCents)}, refunded ${formatCents(totals.total.refundedCents)} and kept ${formatCents(totals.total.netCents)}. ` +
              `The best month was ${best.name} with ${formatCents(best.total.netCents)}. The table below gives every month and purpose.`}
          </desc>
          {chart.scale.ticks.map((tick) => (
            <line key={tick} x1="0" x2="100%" y1={chart.y(tick) + top} y2={chart.y(tick) + top} stroke={tick === 0 ? '#94a3b8' : '#e2e5ea'} strokeWidth={1} />
          ))}
          {chart.columns.map((column, index) =>
            column.segments.map((segment) => (
              <rect
                key={`${column.month}-${segment.purpose}`}
                x={`${(index + 0.2) * slot}%`}
                width={`${slot * 0.6}%`}
                y={segment.y + top}
                height={Math.max(segment.height, 0.5)}
                fill={purposeColors[segment.purpose]}
              >
                <title>{`${column.name}, ${financePurposeLabels[segment.purpose]}: ${formatCents(segment.cents)}`}</title>
              </rect>
            )),
          )}
          {chart.columns.map((column, index) => (
            <text key={column.month} x={`${(index + 0.5) * slot}%`} y={CHART_HEIGHT + top + 17} textAnchor="middle" className="fill-slate-600 text-[11px]">
              <tspan className="sm:hidden">{column.name.slice(0, 1)}</tspan>
              <tspan className="hidden sm:inline">{column.name.slice(0, 3)}</tspan>
            </text>
          ))}
        </svg>
      </div>
    </figure>
  );
}

/** "$1,500" for the chart's axis: whole dollars, as its steps are. */
function formatWholeDollars(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

const cell = 'px-4 py-2.5 text-right tabular-nums whitespace-nowrap';

function Money({ cents }: { cents: number }) {
  return <span className={cents === 0 ? 'text-slate-500' : cents < 0 ? 'text-destructive' : undefined}>{formatCents(cents)}</span>;
}

function MonthTable({ totals }: { totals: YearTotals }) {
  return (
    <div className="relative mt-6 overflow-x-auto rounded-xl border border-border bg-white shadow-sm" role="region" aria-labelledby="month-table-caption" tabIndex={0}>
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption id="month-table-caption" className="px-4 pt-4 text-left text-base font-semibold text-navy-900">
          Net by month and purpose, {totals.year}
        </caption>
        <thead className="text-xs uppercase tracking-wider text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-3">
              Month
            </th>
            {financePurposes.map((purpose) => (
              <th key={purpose} scope="col" className="px-4 py-3 text-right">
                {financePurposeLabels[purpose]}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {totals.months.map((month) => (
            <tr key={month.month} className="even:bg-slate-50/60">
              <th scope="row" className="px-4 py-2.5 font-medium text-navy-900">
                {month.name}
              </th>
              {financePurposes.map((purpose) => (
                <td key={purpose} className={cell}>
                  <Money cents={month.byPurpose[purpose].netCents} />
                </td>
              ))}
              <td className={`${cell} font-semibold text-navy-900`}>
                <Money cents={month.total.netCents} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-navy-100 bg-navy-50/60 text-navy-900">
          {(
            [
              ['Received', 'grossCents'],
              ['Refunded', 'refundedCents'],
              ['Net', 'netCents'],
            ] as const
          ).map(([label, key]) => (
            <tr key={key} className={key === 'netCents' ? 'font-bold' : 'font-medium'}>
              <th scope="row" className="whitespace-nowrap px-4 py-2.5">
                {label} {totals.year}
              </th>
              {financePurposes.map((purpose) => (
                <td key={purpose} className={cell}>
                  {formatCents(totals.byPurpose[purpose][key])}
                </td>
              ))}
              <td className={cell}>{formatCents(totals.total[key])}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

function StandingSection({ standings }: { standings: LoaderData['standings'] }) {
  const entries = Object.entries(standingLabels) as [keyof typeof standingLabels, string][];
  const total = entries.reduce((sum, [key]) => sum + standings[key], 0);
  return (
    <section aria-labelledby="standing-heading">
      <SectionHeading id="standing-heading" title="Members by standing">
        Today, each account counted once, by its newest application ({total} in all). Annual memberships keep their access for the grace period set in Settings.
      </SectionHeading>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {entries.map(([key, label]) => (
          <div key={key} className="rounded-xl border border-border bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className={`mt-1 text-3xl font-bold tabular-nums ${key === 'active' ? 'text-success' : 'text-navy-900'}`}>{standings[key]}</dd>
            <dd className="mt-1 text-xs text-muted-foreground">{standingNotes[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SubscriptionStatus({ subscription }: { subscription: LoaderData['subscriptions'][number] }) {
  const tone =
    subscription.status === 'active' ? 'bg-green-50 text-success ring-green-200' : subscription.status === 'past_due' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200';
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tone}`}>{statusLabel(subscription.status)}</span>
      {subscription.cancelAtPeriodEnd && subscription.status !== 'cancelled' ? <Badge variant="outline">cancel requested</Badge> : null}
      {subscription.testMode ? <TestModeBadge /> : null}
    </span>
  );
}

function SubscriptionsSection({ subscriptions }: { subscriptions: LoaderData['subscriptions'] }) {
  const active = subscriptions.filter((subscription) => subscription.status !== 'cancelled').length;
  return (
    <section aria-labelledby="subscriptions-heading">
      <SectionHeading id="subscriptions-heading" title="IPTV subscriptions">
        Every recurring contribution, newest first: {active} running, {subscriptions.length - active} ended.
      </SectionHeading>
      {subscriptions.length === 0 ? (
        <p className="rounded-xl border border-border bg-white p-6 text-center text-slate-700 shadow-sm">No subscriptions yet.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border bg-white shadow-sm" role="region" aria-labelledby="subscriptions-heading" tabIndex={0}>
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-muted text-xs uppercase tracking-wider text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3">Donor</th>
                <th scope="col" className="px-4 py-3">Plan</th>
                <th scope="col" className="px-4 py-3">State</th>
                <th scope="col" className="px-4 py-3">Started</th>
                <th scope="col" className="px-4 py-3">Next payment or end</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {subscriptions.map((subscription) => {
                const schedule = subscriptionSchedule(subscription);
                return (
                  <tr key={subscription.id}>
                    <td className="px-4 py-3">
                      <span className="block font-semibold text-navy-900">{`${subscription.firstName} ${subscription.lastName}`.trim() || subscription.email}</span>
                      <span className="block text-muted-foreground">{subscription.email}</span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      {iptvSubscriptionPlans[subscription.interval].label} · <span className="tabular-nums">{formatCents(subscription.amountCents)}</span> / {subscription.interval}
                    </td>
                    <td className="px-4 py-3">
                      <SubscriptionStatus subscription={subscription} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{formatLongDate(subscription.createdAt)}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <span className="text-muted-foreground">{schedule.label}:</span> {schedule.date ? formatLongDate(schedule.date) : 'not known yet'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function StatementsSection({ year, donors }: { year: number; donors: LoaderData['donors'] }) {
  const total = donors.reduce((sum, donor) => sum + donor.netCents, 0);
  return (
    <section aria-labelledby="statements-heading">
      <SectionHeading id="statements-heading" title={`Giving statements ${year}`}>
        One statement per donor (by email address, so guests’ gifts are included) listing each gift of {year}, less what was refunded of it.
      </SectionHeading>
      {donors.length === 0 ? (
        <p className="rounded-xl border border-border bg-white p-6 text-center text-slate-700 shadow-sm">No gifts were received in {year}.</p>
      ) : (
        <div className="relative rounded-xl border border-border bg-white shadow-sm">
          <ul className="divide-y divide-border" aria-label={`Donors of ${year}`}>
            {donors.map((donor) => (
              <li key={donor.key} className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 sm:px-6">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
                    {donor.name}
                    {donor.testOnly ? <TestModeBadge /> : null}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">{donor.email}</p>
                </div>
                <div className="tabular-nums sm:text-right">
                  <p className="font-semibold text-navy-900">{formatCents(donor.netCents)}</p>
                  <p className="text-xs text-muted-foreground">
                    {donor.giftCount} {donor.giftCount === 1 ? 'gift' : 'gifts'}
                    {donor.refundedCents > 0 ? `, after ${formatCents(donor.refundedCents)} refunded` : ''}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a href={`/admin/finance/statements/${year}/${donor.key}.pdf`} download>
                    <FileText aria-hidden />
                    Giving statement (PDF)<span className="sr-only"> of {donor.name}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
          <p className="flex justify-between gap-4 border-t-2 border-border px-4 py-3 font-semibold text-navy-900 sm:px-6">
            <span>
              {donors.length} {donors.length === 1 ? 'donor' : 'donors'}
            </span>
            <span className="tabular-nums">{formatCents(total)} in all</span>
          </p>
        </div>
      )}
    </section>
  );
}
