import { Check, Mail } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { membershipPlans } from '~/features/membership/plans';
import { pageMeta } from '~/lib/meta';
import { formatCents } from '~/lib/money';
import { useSiteSettings } from '~/lib/site-settings';
import type { Route } from './+types/membership';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Membership', 'Annual and life membership of the association’s North America chapter.');

export default function Membership() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero eyebrow="Membership" title="Become a Member">
        Every past pupil of the school living in North America is welcome. Choose the plan that suits you.
      </PageHero>
      <section className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {Object.values(membershipPlans).map((plan) => (
            <article key={plan.type} className="flex flex-col rounded-2xl border border-border bg-white p-8 shadow-sm">
              <h2 className="text-2xl font-bold text-navy-900">{plan.productName}</h2>
              <p className="mt-4">
                <span className="font-display text-4xl font-bold text-navy-900">{formatCents(plan.priceCents)}</span>
                <span className="ml-1 text-muted-foreground">{plan.period}</span>
              </p>
              <p className="mt-4 text-slate-700">{plan.summary}</p>
              <ul className="mt-6 space-y-2">
                {plan.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2 text-sm text-slate-700">
                    <Check className="size-5 shrink-0 text-success" aria-hidden /> {benefit}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="mt-10 rounded-2xl bg-gold-50 p-8 text-center">
          <h2 className="text-xl font-bold text-navy-900">Online applications open soon</h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">
            Until the online application and card payment are ready, the membership secretary will gladly help you join
            by email.
          </p>
          {settings ? (
            <Button asChild className="mt-6">
              <a href={`mailto:${settings.contactEmail}?subject=Membership%20application`}>
                <Mail aria-hidden /> Email the committee
              </a>
            </Button>
          ) : null}
        </div>
      </section>
    </>
  );
}
