import { formatLongDate, formatTime } from '~/lib/dates';
import { statusLabel } from '~/lib/labels';

/** An admin record page's fields (an application's, a donation's): label over value, in a card. */
export function RecordFields({ fields }: { fields: [string, string][] }) {
  return (
    <dl className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-6 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{label}</dt>
          <dd className="mt-1 break-words text-navy-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record's 'History': what admins changed, oldest first. */
export function RecordHistory({ history }: { history: { id: number; actorEmail: string; fromValue: string | null; toValue: string | null; note: string | null; createdAt: Date }[] }) {
  return (
    <>
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
    </>
  );
}
