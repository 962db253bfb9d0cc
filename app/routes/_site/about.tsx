import { Award, BookOpen, Download, Eye, HandHeart, Hourglass, Landmark, Target, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { findConstitution } from '~/features/content/documents.server';
import { getAboutPage } from '~/features/content/pages.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { useSiteSettings } from '~/lib/site-settings';
import { toast } from '~/lib/toast';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/about';

export async function loader() {
  const [constitution, page] = await Promise.all([findConstitution(), getAboutPage()]);
  return { page, constitution: constitution ? { id: constitution.id, title: constitution.title } : null };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'About Us', 'Our mission, vision, values and objectives as the North America chapter of the past pupils’ association.');

/** The four values' icons, in the order editors write the values. */
const valueIcons = [Users, Award, BookOpen, HandHeart] as const;

// The same for every anonymous visitor. Reads without React, unless the constitution's 'not available' notice needs its button (docs/architecture/pages.md#page-policy).
export const handle: PageHandle<typeof loader> = { cache: 'public', scripts: (data) => (data.constitution ? 'none' : 'at-once') };

export default function About({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { constitution, page } = loaderData;
  return (
    <>
      <PageHero eyebrow="About Us" title="Who we are">
        The {settings?.associationName}, {settings?.chapterName} chapter: {page.intro}
      </PageHero>

      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2 lg:px-8">
        <article className="rounded-xl border border-border bg-white p-8 shadow-sm">
          <Target className="size-8 text-gold-600" aria-hidden />
          <h2 className="mt-4 text-2xl font-bold text-navy-900">Our Mission</h2>
          <p className="mt-3 leading-relaxed text-slate-700">{page.mission}</p>
        </article>
        <article className="rounded-xl border border-border bg-white p-8 shadow-sm">
          <Eye className="size-8 text-gold-600" aria-hidden />
          <h2 className="mt-4 text-2xl font-bold text-navy-900">Our Vision</h2>
          <p className="mt-3 leading-relaxed text-slate-700">{page.vision}</p>
        </article>
      </section>

      <section aria-labelledby="values-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="values-heading" className="text-3xl font-bold text-navy-900">
            Our Core Values
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.values.map((value, index) => {
              const Icon = valueIcons[index % valueIcons.length]!;
              return (
                <li key={index} className="rounded-xl bg-white p-6 shadow-sm">
                  <span className="flex size-12 items-center justify-center rounded-full bg-navy-800 text-gold-300">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-4 text-xl font-semibold text-navy-900">{value.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{value.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="objectives-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="objectives-heading" className="text-3xl font-bold text-navy-900">
          Our Objectives
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-2">
          {page.objectives.map((objective, index) => (
            <li key={index} className="flex gap-4 rounded-lg border border-border p-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-100 font-bold text-gold-700">{index + 1}</span>
              <span className="pt-1 text-slate-700">{objective}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="heritage-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="grid gap-6 rounded-2xl bg-navy-900 p-8 text-white md:grid-cols-[1fr_auto] md:items-center sm:p-10">
          <div>
            <h2 id="heritage-heading" className="text-2xl font-bold">
              Our heritage and our rules
            </h2>
            <p className="mt-2 text-navy-100">Read how the school grew, sing along with its anthem, and see the constitution that governs the association.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outlineLight">
              <Link to="/school-history">
                <Hourglass aria-hidden /> School History
              </Link>
            </Button>
            <Button asChild variant="outlineLight">
              <Link to="/school-anthem">
                <Landmark aria-hidden /> School Anthem
              </Link>
            </Button>
            {constitution ? (
              <Button asChild variant="accent">
                <a href={`/documents/${constitution.id}/download`} download>
                  <Download aria-hidden /> Download Constitution
                </a>
              </Button>
            ) : (
              <Button variant="accent" onClick={() => toast(messages.constitutionNotAvailable)}>
                <Download aria-hidden /> Download Constitution
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
