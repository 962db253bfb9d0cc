import { Link } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { requireAdminArea } from '~/features/accounts/guards.server';
import { applicationHistory, getApplication } from '~/features/membership/membership.server';
import { membershipPlans } from '~/features/membership/plans';
import { listPaymentsFor } from '~/features/payments/payments.server';
import { formatIsoDay, formatLongDate, formatTime } from '~/lib/dates';
import { statusLabel } from '~/lib/labels';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { notFound } from '~/lib/params';
import type { Route } from './+types/application';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { can } = await requireAdminArea(request);
  if (!can.viewMembers) notFound();
  const application = await getApplication(params.id);
  if (!application) notFound('Application not found.');
  const [payments, history] = await Promise.all([listPaymentsFor(application.id), applicationHistory(application.id)]);
  return { application, payments, history };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Application');

export default function ApplicationDetail({ loaderData }: Route.ComponentProps) {
  const { application, payments, history } = loaderData;
  const fields: [string, string][] = [
    ['Membership type', membershipPlans[application.membershipType].productName],
    ['Status', `${statusLabel(application.status)}${application.testMode ? ' (paid in test mode)' : ''}`],
    ['Email', application.email],
    ['Telephone', application.phoneNumber ?? '—'],
    ['Home address', application.homeAddress],
    ['O/L year', application.olYear ? String(application.olYear) : '—'],
    ['A/L year', application.alYear ? String(application.alYear) : '—'],
    ['Study start', application.studyStartDate ? formatIsoDay(application.studyStartDate) : '—'],
    ['Study end', application.studyEndDate ? formatIsoDay(application.studyEndDate) : '—'],
    ['Applied', formatLongDate(application.createdAt)],
    ['Member since', application.memberSince ? formatLongDate(application.memberSince) : '—'],
    ['Expires', application.expiresAt ? formatLongDate(application.expiresAt) : application.membershipType === 'life' ? 'Never (life)' : '—'],
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="link" className="px-0">
        <Link to="/admin?tab=members">← Membership Applications</Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">
        {application.firstName} {application.lastName}
      </h1>
      <dl className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-6 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{label}</dt>
            <dd className="mt-1 break-words text-navy-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-xl font-bold text-navy-900">Payments</h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No confirmed payment.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-white">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-2 px-5 py-3 text-sm">
              <span>
                {formatLongDate(payment.paidAt)} · {payment.description} · {payment.provider}
              </span>
              {payment.livemode ? null : <TestModeBadge />}
              <span className="font-semibold">{formatCents(payment.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-10 text-xl font-bold text-navy-900">History</h2>
      {history.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No changes by admins yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {history.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-border bg-white px-5 py-3 text-sm">
              <strong>{entry.actorEmail}</strong> changed the status from {statusLabel(entry.fromValue ?? '—')} to {statusLabel(entry.toValue ?? '—')} on{' '}
              {formatLongDate(entry.createdAt)} at {formatTime(entry.createdAt)}
              {entry.note ? <span className="block text-muted-foreground">{entry.note}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={<NotFound title="Application not found" message="It may have been removed, or the link is mistyped." />} />;
}
