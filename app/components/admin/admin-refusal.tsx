import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import type { AdminRefusal as Refusal } from '~/lib/admin-places';

/**
 * The page a role gets for an admin page it may not open (403; docs/product.md#admin-navigation):
 * what the page is, who may open it, and the places this role may open instead.
 */
export function AdminRefusal({ refusal }: { refusal: Refusal }) {
  const first = refusal.places[0];
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <ShieldAlert className="size-8" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-gold-700">Not for your role</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">You cannot open this page</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {refusal.page} is for {refusal.whoMay}. Your role is <strong className="font-semibold text-navy-900">{refusal.role}</strong>
        {first ? (
          <>
            , which may open{' '}
            {refusal.places.map((place, index) => (
              <span key={place.to}>
                {index === 0 ? '' : index === refusal.places.length - 1 ? ' and ' : ', '}
                <Link to={place.to} className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
                  {place.label}
                </Link>
              </span>
            ))}
            .
          </>
        ) : (
          '.'
        )}
      </p>
      {first ? (
        <Button asChild className="mt-8">
          <Link to={first.to}>Go to {first.label}</Link>
        </Button>
      ) : null}
      <p className="mt-8 text-sm text-muted-foreground">If your work needs this page, ask a super admin to change your role.</p>
    </section>
  );
}
