import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-foreground shadow-sm placeholder:text-slate-500',
        'focus-visible:border-navy-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-300',
        'aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
