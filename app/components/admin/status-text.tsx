import { TestModeBadge } from '~/components/ui/badge';
import { statusLabel } from '~/lib/labels';

const tones = { green: 'font-semibold text-success', amber: 'text-amber-800', red: 'text-destructive' } as const;

/**
 * A record's status in an admin table; paid in test mode (no money moved) is said next to it.
 * `label` and `tone` name a status the stored word does not (a member's standing), `note` adds a line under it.
 */
export function StatusText({ status, testMode, label, tone, note }: { status: string; testMode: boolean; label?: string; tone?: keyof typeof tones; note?: string }) {
  const colour = tone ?? (status === 'approved' || status === 'completed' ? 'green' : status === 'rejected' ? 'red' : 'amber');
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1 md:justify-start">
      <span className={tones[colour]}>{label ?? statusLabel(status)}</span>
      {testMode ? <TestModeBadge /> : null}
      {note ? <span className="basis-full text-xs text-muted-foreground">{note}</span> : null}
    </span>
  );
}
