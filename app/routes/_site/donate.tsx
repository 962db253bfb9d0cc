import { HeartHandshake, Mail } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { donationCauses } from '~/features/donations/causes';
import { pageMeta } from '~/lib/meta';
import { useSiteSettings } from '~/lib/site-settings';
import type { Route } from './+types/donate';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Donate', 'Support the school’s students, its medical unit and the IPTV project.');

export default function Donate() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero eyebrow="Donate" title="Support Our Cause">
        Every gift, large or small, goes to the school’s students and the projects our members have chosen.
      </PageHero>
      <section className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          {Object.values(donationCauses).map((cause) => (
            <li key={cause.id} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
              <HeartHandshake className="size-8 text-gold-600" aria-hidden />
              <h2 className="mt-4 text-xl font-bold text-navy-900">{cause.label}</h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{cause.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl bg-gold-50 p-8 text-center">
          <h2 className="text-xl font-bold text-navy-900">Online giving opens soon</h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">
            Card donations and monthly IPTV contributions are on their way. Until then, the Treasurer will be glad to
            help you give.
          </p>
          {settings ? (
            <Button asChild className="mt-6">
              <a href={`mailto:${settings.contactEmail}?subject=Donation`}>
                <Mail aria-hidden /> Email the Treasurer
              </a>
            </Button>
          ) : null}
        </div>
      </section>
    </>
  );
}
