import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'bg-navy-100 text-navy-800',
      gold: 'bg-gold-100 text-gold-700',
      outline: 'border border-border text-muted-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
});

/** Said wherever a payment that moved no money is listed (the test provider, or Stripe's test keys). */
export function TestModeBadge() {
  return (
    <Badge variant="gold" title="Paid in test mode: no money moved">
      Test payment
    </Badge>
  );
}

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
