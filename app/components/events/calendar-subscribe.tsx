import { CalendarPlus, Download } from 'lucide-react';
import { Button } from '~/components/ui/button';

export type CalendarLinks = { subscribe: string; google: string; download: string };

/**
 * "Add to my calendar" on /events (docs/product.md#events-calendar): the events calendar as a
 * subscription (webcal://, which calendar apps keep up to date), in Google Calendar, or as a file.
 * Plain links: the page ships no script.
 */
export function CalendarSubscribe({ links }: { links: CalendarLinks }) {
  return (
    <section aria-labelledby="calendar-heading" className="border-b border-border bg-gold-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6 lg:px-8 xl:flex-row xl:items-center xl:justify-between">
        <div className="flex gap-3">
          <CalendarPlus className="mt-0.5 size-6 shrink-0 text-gold-600" aria-hidden />
          <div>
            <h2 id="calendar-heading" className="text-xl font-semibold text-navy-900">
              Our events in your calendar
            </h2>
            <p className="mt-1 max-w-xl text-slate-700">Subscribe once: every event appears in your calendar app, and moves there when its date or place changes.</p>
          </div>
        </div>
        <ul className="grid gap-3 sm:flex sm:flex-wrap sm:items-center xl:shrink-0 xl:flex-nowrap">
          <li>
            <Button asChild className="w-full sm:w-auto">
              <a href={links.subscribe}>
                <CalendarPlus aria-hidden />
                Add to my calendar
              </a>
            </Button>
          </li>
          <li>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <a href={links.google}>Add to Google Calendar</a>
            </Button>
          </li>
          <li>
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <a href={links.download} type="text/calendar">
                <Download aria-hidden />
                Download the calendar (.ics)
              </a>
            </Button>
          </li>
        </ul>
      </div>
    </section>
  );
}
