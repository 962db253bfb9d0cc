import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { formatDateWithWeekday, monthDayBadge } from '~/lib/dates';
import type { ImageSources } from '~/lib/images';
import { cn } from '~/lib/utils';

export const EVENT_FALLBACK_IMAGE = '/images/event-fallback.svg';

export type EventCardData = {
  id: number;
  title: string;
  /** The description as plain text. */
  summary: string;
  startsAt: Date;
  timeZone: string;
  venue: string;
  imageUrl: string | null;
  image: ImageSources | null;
  imageAlt: string | null;
};

/** An event in a grid (docs/product.md#events-and-tickets): image, month/day badge, title, long date, venue, 3-line description. */
export function EventCard({ event, past = false }: { event: EventCardData; past?: boolean }) {
  const badge = monthDayBadge(event.startsAt, event.timeZone);
  const headingId = `event-${event.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn('group flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md', past && 'opacity-90')}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-navy-100">
        <ResponsiveImage
          image={event.image}
          src={event.imageUrl}
          fallback={EVENT_FALLBACK_IMAGE}
          alt={event.imageAlt ?? ''}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className={cn('size-full transition-transform duration-300 group-hover:scale-[1.03]', past && 'grayscale-[40%]')}
        />
        <div className="absolute left-4 top-4 flex w-14 flex-col items-center rounded-lg bg-white py-1.5 text-center shadow-md">
          <span className="text-xs font-bold tracking-wider text-gold-600">{badge.month}</span>
          <span className="font-display text-2xl font-bold leading-none text-navy-900">{badge.day}</span>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="text-xl font-semibold text-navy-900">
          {event.title}
        </h3>
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4 shrink-0 text-gold-600" aria-hidden />
          {formatDateWithWeekday(event.startsAt, event.timeZone)}
        </p>
        <p className="mt-1 flex items-start gap-2 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0 text-gold-600" aria-hidden />
          {event.venue}
        </p>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-700">{event.summary}</p>
        <div className="mt-auto pt-5">
          <Link
            to={`/events/${event.id}`}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:text-navy-900 hover:underline"
            aria-label={`View Details: ${event.title}`}
          >
            View Details
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </article>
  );
}
