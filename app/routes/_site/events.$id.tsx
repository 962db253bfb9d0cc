import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { EVENT_FALLBACK_IMAGE } from '~/components/events/event-card';
import { DraftBanner } from '~/components/layout/draft-banner';
import { NotFound } from '~/components/layout/not-found';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { RichText } from '~/components/ui/rich-text';
import { wantsPreview } from '~/features/accounts/route-guards.server';
import { ticketSelectionSchema } from '~/features/events/events.schema';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { eventPreviewSubject, getEventWithTiers } from '~/features/events/events.server';
import { eventJsonLd } from '~/features/events/structured-data';
import { previewImage } from '~/features/media/previews.server';
import { selectionToParam } from '~/features/events/orders.schema';
import { tiersWithAvailability } from '~/features/events/orders.server';
import { assessTicketRequest, showsTicketCard } from '~/features/events/tickets';
import { formatDateWithWeekday, formatTime } from '~/lib/dates';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { notFound, parseId } from '~/lib/params';
import { dataWithToast } from '~/lib/toast.server';
import { cn } from '~/lib/utils';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/events.$id';
import { TicketCard } from './ticket-card.parts';
import { ticketViewer } from './ticket-viewer.parts.server';

async function loadEvent(rawId: string | undefined, options: { preview: boolean }) {
  const id = parseId(rawId);
  const event = id === null ? undefined : await getEventWithTiers(id, options);
  if (!event) notFound(messages.eventNotFound);
  return event;
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const event = await loadEvent(params.id, { preview: await wantsPreview(args) });
  const [tiers, viewer, linkPreview] = await Promise.all([
    tiersWithAvailability(event.tiers),
    ticketViewer(args, event.tiers),
    previewImage(eventPreviewSubject(event), await getPublicSiteSettings()),
  ]);
  return { event: { ...event, tiers }, hasEnded: (event.endsAt ?? event.startsAt).getTime() < Date.now(), viewer, linkPreview };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const event = await loadEvent(params.id, { preview: false });
  const parsed = ticketSelectionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return data({ fieldError: parsed.error.issues[0]?.message ?? 'Please check the quantities.' }, { status: 400 });
  }
  const outcome = assessTicketRequest({ ...event, tiers: await tiersWithAvailability(event.tiers) }, parsed.data, await ticketViewer(args, event.tiers));
  // Said at the card, before any names are typed; the order is refused again when placed.
  if (outcome.kind === 'members-only') {
    return data({ fieldError: `“${outcome.tierName}” is for approved members of the association. Sign in with your member account, or choose another ticket.` }, { status: 403 });
  }
  if (outcome.kind === 'empty') return dataWithToast(args.context, { fieldError: undefined }, messages.noTicketsSelected);
  // Registration is on the event's own form, which the card links to; a redirect never leaves the site.
  if (outcome.kind === 'external-form') return data({ fieldError: 'Registration for this event is on its form: use the button below.' }, { status: 400 });
  // The names of the attendees come next, on the order page (docs/product.md#tickets).
  return redirect(`/events/${event.id}/order?seats=${selectionToParam(outcome.selection)}`);
}

// Search engines read the event's dates, place and tickets; link previews its picture (docs/architecture/previews.md).
export const meta: Route.MetaFunction = (args) => {
  const found = args.loaderData;
  if (!found) return pageMeta(args, messages.eventNotFound);
  const { event, linkPreview } = found;
  return pageMeta(args, event.title, { description: event.summary, image: linkPreview, jsonLd: (site) => eventJsonLd(event, site, { image: `${site.url}${linkPreview.url}` }) });
};

// A reading page, the same for every anonymous visitor, with no React in the browser (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'none' };

export default function EventDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { event, hasEnded, viewer } = loaderData;
  const hasCard = showsTicketCard(event);
  return (
    <>
      {event.status === 'draft' ? <DraftBanner label="Draft" detail="Only editors can see this event until it is published." editHref={`/admin/content/events/${event.id}`} /> : null}
      <section className="relative isolate overflow-hidden bg-navy-950 text-white">
        <ResponsiveImage image={event.image} src={event.imageUrl} fallback={EVENT_FALLBACK_IMAGE} alt="" sizes="100vw" loading="eager" className="absolute inset-0 -z-10 size-full opacity-45" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-navy-950 via-navy-950/70 to-navy-950/20" />
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-24 sm:px-6 sm:pt-32 lg:px-8">
          <Link to="/events" className="text-sm font-semibold text-gold-300 hover:underline">
            ← All events
          </Link>
          <h1 className="mt-3 max-w-4xl text-4xl font-bold sm:text-5xl">{event.title}</h1>
          <p className="mt-3 text-lg text-navy-100">{formatDateWithWeekday(event.startsAt, event.timeZone)}</p>
        </div>
      </section>

      <div className={cn('mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:items-start lg:px-8', hasCard && 'lg:grid-cols-[1fr_400px]')}>
        <Card>
          <CardHeader>
            <CardTitle>Event Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-5 sm:grid-cols-3">
              <DetailItem icon={CalendarDays} label="Date">
                {formatDateWithWeekday(event.startsAt, event.timeZone)}
              </DetailItem>
              <DetailItem icon={Clock} label="Time">
                {formatTime(event.startsAt, event.timeZone)}
                {event.endsAt ? ` – ${formatTime(event.endsAt, event.timeZone)}` : null}
              </DetailItem>
              <DetailItem icon={MapPin} label="Venue">
                {event.venueMapLink ? (
                  <a href={event.venueMapLink} target="_blank" rel="noreferrer" className="text-navy-700 underline underline-offset-2 hover:text-navy-900">
                    {event.venue}
                    <span className="sr-only"> (map, opens in a new tab)</span>
                  </a>
                ) : (
                  event.venue
                )}
                {event.address ? <span className="mt-1 block whitespace-pre-line text-sm font-normal text-slate-600">{event.address}</span> : null}
              </DetailItem>
            </dl>
            <h2 className="mt-8 text-lg font-semibold text-navy-900">About this event</h2>
            <RichText html={event.description} className="mt-2" />
          </CardContent>
        </Card>
        {hasCard ? (
          <TicketCard
            key={event.id}
            eventId={event.id}
            viewer={viewer}
            tiers={event.tiers}
            externalFormLink={event.externalFormLink}
            isRsvp={event.registrationKind === 'rsvp'}
            hasEnded={hasEnded}
            fieldError={actionData?.fieldError}
          />
        ) : null}
      </div>
    </>
  );
}

function DetailItem({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[1.25rem_1fr] gap-x-3">
      <dt className="contents">
        <Icon className="mt-0.5 size-5 text-gold-600" aria-hidden />
        <span className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{label}</span>
      </dt>
      <dd className="col-start-2 mt-1 font-medium text-navy-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={<NotFound title={messages.eventNotFound} message="It may have been cancelled or its link mistyped. Have a look at what is coming up instead." />} />;
}
