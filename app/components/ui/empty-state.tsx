import { cn } from '~/lib/utils';

/** What a list says when it has nothing to show (e.g. "No upcoming events at the moment…"). */
export function EmptyState({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn('rounded-xl border border-dashed border-border bg-muted p-10 text-center text-muted-foreground', className)}>{children}</p>;
}
