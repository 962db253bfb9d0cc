import { FileText, Send } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Pagination } from '~/components/admin/records-table';
import { Badge, TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable } from '~/components/ui/data-table';
import { donationCauses, giftFrequencyLabels, iptvSubscriptionPlans } from '~/features/donations/causes';
import { subscriptionSchedule } from '~/features/payments/finance';
import { formatLongDate } from '~/lib/dates';
import { useIsPending } from '~/lib/forms';
import { statusLabel } from '~/lib/labels';
import { formatCents } from '~/lib/money';
import type { Route } from './+types/finance';
import { SectionHeading } from './finance.parts';

type LoaderData = Route.ComponentProps['loaderData'];

/** 'Mail all statements' asks first (with or without JavaScript): which year's statements, to how many donors. */
export type StatementsAsking = { year: number; recipients: number };

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

/** Members by standing today (docs/product.md#finance). */
export function StandingSection({ standings }: { standings: LoaderData['standings'] }) {
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
    subscription.status === 'active'
      ? 'bg-green-50 text-success ring-green-200'
      : subscription.status === 'past_due'
        ? 'bg-amber-50 text-amber-800 ring-amber-200'
        : 'bg-slate-100 text-slate-700 ring-slate-200';
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tone}`}>{statusLabel(subscription.status)}</span>
      {subscription.cancelAtPeriodEnd && subscription.status !== 'cancelled' ? <Badge variant="outline">cancel requested</Badge> : null}
      {subscription.testMode ? <TestModeBadge /> : null}
    </span>
  );
}

/** Every monthly or yearly gift (the IPTV Project's and any other cause's), newest first. */
export function SubscriptionsSection({ subscriptions }: { subscriptions: LoaderData['subscriptions'] }) {
  const active = subscriptions.filter((subscription) => subscription.status !== 'cancelled').length;
  return (
    <section aria-labelledby="subscriptions-heading">
      <SectionHeading id="subscriptions-heading" title="Recurring gifts">
        Every monthly or yearly gift, to the IPTV Project or any cause, newest first: {active} running, {subscriptions.length - active} ended.
      </SectionHeading>
      {subscriptions.length === 0 ? (
        <p className="rounded-xl border border-border bg-white p-6 text-center text-slate-700 shadow-sm">No subscriptions yet.</p>
      ) : (
        <DataTable
          caption="Recurring gifts"
          rows={subscriptions}
          rowKey={(subscription) => subscription.id}
          columns={[
            {
              header: 'Donor',
              primary: true,
              cell: (subscription) => (
                <>
                  <span className="block font-semibold text-navy-900">{`${subscription.firstName} ${subscription.lastName}`.trim() || subscription.email}</span>
                  <span className="block break-words text-sm font-normal text-muted-foreground">{subscription.email}</span>
                </>
              ),
            },
            {
              header: 'Plan',
              className: 'whitespace-nowrap',
              cell: (subscription) => (
                <>
                  <span className="block font-semibold text-navy-900">{donationCauses[subscription.cause].label}</span>
                  {subscription.cause === 'iptv' ? iptvSubscriptionPlans[subscription.interval].label : giftFrequencyLabels[subscription.interval]} ·{' '}
                  <span className="tabular-nums">{formatCents(subscription.amountCents)}</span> / {subscription.interval}
                </>
              ),
            },
            { header: 'State', cell: (subscription) => <SubscriptionStatus subscription={subscription} /> },
            { header: 'Started', className: 'whitespace-nowrap', cell: (subscription) => formatLongDate(subscription.createdAt) },
            {
              header: 'Next payment or end',
              className: 'whitespace-nowrap',
              cell: (subscription) => {
                const schedule = subscriptionSchedule(subscription);
                return (
                  <>
                    <span className="text-muted-foreground">{schedule.label}:</span> {schedule.date ? formatLongDate(schedule.date) : 'not known yet'}
                  </>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}

/** Each donor's year-end giving statement (PDF), 50 donors a page. */
export function StatementsSection({
  year,
  donors,
  donorsPage,
  canMail,
  asking,
}: {
  year: number;
  donors: LoaderData['donors'];
  donorsPage: LoaderData['donorsPage'];
  canMail: boolean;
  /** 'Mail all statements' was pressed: the question, with the number of donors. */
  asking: StatementsAsking | null;
}) {
  const total = donorsPage.netCents;
  return (
    <section aria-labelledby="statements-heading">
      <SectionHeading id="statements-heading" title={`Giving statements ${year}`}>
        One statement per donor (by email address, so guests’ gifts are included) listing each gift of {year}, less what was refunded of it.
      </SectionHeading>
      {canMail && donorsPage.total > 0 ? <SendStatementsForm year={year} donors={donorsPage.total} asking={asking?.year === year ? asking : null} /> : null}
      {donorsPage.total === 0 ? (
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
              {donorsPage.total} {donorsPage.total === 1 ? 'donor' : 'donors'}
            </span>
            <span className="tabular-nums">{formatCents(total)} in all</span>
          </p>
        </div>
      )}
      {donorsPage.pageCount > 1 ? <Pagination page={donorsPage.page} pageCount={donorsPage.pageCount} total={donorsPage.total} /> : null}
    </section>
  );
}

/**
 * Admins mail every donor of the year their statement in one go: a background mailing with its
 * progress on the mailing's page. It asks first, in place, with the number of donors the server
 * counted (the same with or without JavaScript).
 */
function SendStatementsForm({ year, donors, asking }: { year: number; donors: number; asking: StatementsAsking | null }) {
  const busy = useIsPending({ intent: 'send-statements' });
  // Back to this section after the post, also without JavaScript (the browser follows the fragment).
  const here = `?year=${year}#mail-statements`;
  if (asking) {
    const count = asking.recipients.toLocaleString('en-US');
    const question = asking.recipients === 1 ? `Mail the one donor of ${year} their giving statement?` : `Mail ${count} donors their ${year} giving statement?`;
    return (
      <div id="mail-statements" role="alert" className="mb-4 scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-4">
        <p className="font-semibold text-navy-900">{question}</p>
        <p className="mt-1 text-sm text-slate-700">
          Each donor gets one message with their own statement attached as a PDF. Sending starts at once and cannot be called back; addresses that unsubscribed or bounced are skipped.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="intent" value="send-statements" />
            <input type="hidden" name="year" value={year} />
            <input type="hidden" name="confirmed" value="yes" />
            <Button type="submit" disabled={busy}>
              <Send aria-hidden /> {busy ? 'Starting…' : asking.recipients === 1 ? 'Yes, mail it' : `Yes, mail ${count} statements`}
            </Button>
          </Form>
          <Button asChild variant="outline">
            {/* Without the fragment: the same address with it would only scroll, and keep the question. */}
            <Link to={`?year=${year}`} replace preventScrollReset>
              Not yet
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Form id="mail-statements" method="post" action={here} preventScrollReset className="mb-4 flex scroll-mt-24 flex-wrap items-center gap-3 rounded-xl border border-border bg-slate-50 p-4">
      <input type="hidden" name="intent" value="send-statements" />
      <input type="hidden" name="year" value={year} />
      <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">
        {donors === 1 ? `Mail the one donor of ${year} their statement` : `Mail each of the ${donors.toLocaleString('en-US')} donors of ${year} their statement`} as a PDF. Sending goes on in the
        background; its page shows the progress. You are asked before anything is sent.
      </p>
      <Button type="submit" size="sm" disabled={busy}>
        <Send aria-hidden /> Mail all statements…
      </Button>
    </Form>
  );
}
