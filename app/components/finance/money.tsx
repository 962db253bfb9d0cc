import { formatCents } from '~/lib/money';

/** An amount in a table: nothing in grey, a loss in red. */
export function Money({ cents }: { cents: number }) {
  return <span className={cents === 0 ? 'text-slate-500' : cents < 0 ? 'text-destructive' : undefined}>{formatCents(cents)}</span>;
}
