import { Award, BookOpen, Download, Eye, HandHeart, Hourglass, Landmark, Target, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { findConstitution } from '~/features/content/content.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { useSiteSettings } from '~/lib/site-settings';
import { toast } from '~/lib/toast';
import type { Route } from './+types/about';

export async function loader() {
  const constitution = await findConstitution();
  return { constitution: constitution ? { id: constitution.id, title: constitution.title } : null };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'About Us', 'Our mission, vision, values and objectives as the North America chapter of the past pupils’ association.');

const coreValues = [
  { name: 'Community', icon: Users, text: 'We welcome every past pupil, whatever their year, and look after one another far from home.' },
  { name: 'Excellence', icon: Award, text: 'We carry the school’s high standards into everything we organise and support.' },
  { name: 'Education', icon: BookOpen, text: 'We invest in students through scholarships, mentoring and better facilities.' },
  { name: 'Service', icon: HandHeart, text: 'We give our time and skills generously, as the school taught us to.' },
] as const;

const objectives = [
  'Foster fellowship among past pupils living in Canada and the United States.',
  'Support the school’s students through scholarships and prizes.',
  'Fund the school’s medical unit and improve its sick-room facilities.',
  'Help the school bring its events to alumni worldwide through the IPTV project.',
  'Mentor young past pupils starting their studies or careers in North America.',
  'Work with the Sri Lanka and United Kingdom branches on shared projects.',
  'Preserve and celebrate the school’s history, traditions and anthem.',
  'Manage the association’s funds openly, with audited accounts every year.',
] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { constitution } = loaderData;
  return (
    <>
      <PageHero eyebrow="About Us" title="Who we are">
        The {settings?.associationName}, {settings?.chapterName} chapter, is the home of past pupils who have made their
        lives across the continent.
      </PageHero>

      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2 lg:px-8">
        <article className="rounded-xl border border-border bg-white p-8 shadow-sm">
          <Target className="size-8 text-gold-600" aria-hidden />
          <h2 className="mt-4 text-2xl font-bold text-navy-900">Our Mission</h2>
          <p className="mt-3 leading-relaxed text-slate-700">
            To unite the school’s past pupils in North America in friendship and service, and to support the school’s
            students and staff through the projects our members choose together.
          </p>
        </article>
        <article className="rounded-xl border border-border bg-white p-8 shadow-sm">
          <Eye className="size-8 text-gold-600" aria-hidden />
          <h2 className="mt-4 text-2xl font-bold text-navy-900">Our Vision</h2>
          <p className="mt-3 leading-relaxed text-slate-700">
            A lifelong community in which every past pupil stays connected to the school, and every student who walks
            through its gates has the chance to flourish.
          </p>
        </article>
      </section>

      <section aria-labelledby="values-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="values-heading" className="text-3xl font-bold text-navy-900">
            Our Core Values
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {coreValues.map((value) => (
              <li key={value.name} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-full bg-navy-800 text-gold-300">
                  <value.icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-navy-900">{value.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="objectives-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="objectives-heading" className="text-3xl font-bold text-navy-900">
          Our Objectives
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-2">
          {objectives.map((objective, index) => (
            <li key={objective} className="flex gap-4 rounded-lg border border-border p-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-100 font-bold text-gold-700">
                {index + 1}
              </span>
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
            <p className="mt-2 text-navy-100">
              Read how the school grew, sing along with its anthem, and see the constitution that governs the association.
            </p>
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
