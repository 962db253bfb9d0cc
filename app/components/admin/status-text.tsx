import { TestModeBadge } from '~/components/ui/badge';
import { statusLabel } from '~/lib/labels';

/** A record's status in an admin table; paid in test mode (no money moved) is said next to it. */
export function StatusText({ status, testMode }: { status: string; testMode: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className={status === 'approved' || status === 'completed' ? 'font-semibold text-success' : status === 'rejected' ? 'text-destructive' : 'text-amber-800'}>
        {statusLabel(status)}
      </span>
      {testMode ? <TestModeBadge /> : null}
    </span>
  );
}
