import { formatLongDate, formatTime } from '~/lib/dates';
import { statusLabel } from '~/lib/labels';
import { formatCents } from '~/lib/money';
import { historyEntries, type AuditLine, type PaymentWithRefunds } from './record-history.parts';

/** An admin record page's fields (an application's, a donation's): label over value, in a card. */
export function RecordFields({ fields }: { fields: [string, string][] }) {
  return (
    <dl className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-6 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-navy-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A record's 'History': what admins changed and the refunds of its payments (`payments`, as
 * listedPayments gives them), oldest first.
 */
export function RecordHistory({ history, payments }: { history: AuditLine[]; payments?: PaymentWithRefunds[] }) {
  const entries = historyEntries(history, payments);
  return (
    <>
      <h2 className="mt-10 text-xl font-bold text-navy-900">History</h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No changes by admins yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {entries.map((entry) => (
            <li key={entry.key} className="break-words rounded-lg border border-border bg-white px-5 py-3 text-sm">
              {entry.kind === 'refund' ? (
                <>
                  <strong>{entry.requestedBy === 'automatic' ? 'The site' : entry.requestedBy}</strong> refunded {formatCents(entry.amountCents)} of the {formatCents(entry.paymentAmountCents)} payment
                  ({entry.paymentDescription}) on {formatLongDate(entry.createdAt)} at {formatTime(entry.createdAt)}
                  <span className="block text-muted-foreground">Reason: {entry.reason}</span>
                </>
              ) : (
                <>
                  <strong>{entry.actorEmail}</strong> changed the status from {statusLabel(entry.fromValue ?? '—')} to {statusLabel(entry.toValue ?? '—')} on {formatLongDate(entry.createdAt)} at{' '}
                  {formatTime(entry.createdAt)}
                  {entry.note ? <span className="block text-muted-foreground">{entry.note}</span> : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
