import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { formatDateTime } from '~/lib/dates';

/** A waitlist the visitor may join instead of a tier the link asked for (docs/product.md#waitlist). */
export type OrderWaitlist = { tierName: string; path: string };

/**
 * The order page's answers other than its form (docs/product.md#tickets): the visitor registered
 * already (Back after registering, or the link again), or nothing of what the link asked for can be
 * had any more (a stale link to a sold-out tier). Each says why and where to go next.
 */
export function RegisteredNotice({ eventTitle, people, email, ticketsPath, againPath }: { eventTitle: string; people: number; email: string; ticketsPath: string; againPath: string }) {
  return (
    <div className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-navy-900">You are registered</h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-700">
        Your registration for {eventTitle} ({people === 1 ? '1 person' : `${people} people`}) is confirmed. Your tickets are on their page, and we sent them to{' '}
        <span className="font-medium text-navy-900 [overflow-wrap:anywhere]">{email}</span>.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="accent">
          <Link to={ticketsPath}>See your tickets</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={againPath}>Register more people</Link>
        </Button>
      </div>
    </div>
  );
}

/** What changed since the link was made, naming each tier (selectionChanges); with the rest still on offer, above the form. */
export function ChangedNotice({ notes, eventId, waitlists, nothingLeft }: { notes: string[]; eventId: number; waitlists: OrderWaitlist[]; nothingLeft: boolean }) {
  return (
    <div role={nothingLeft ? undefined : 'status'} className="rounded-2xl border border-gold-300 bg-gold-50 p-6 text-navy-900 sm:p-8">
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-6 shrink-0 text-gold-700" aria-hidden />
        <div>
          <h2 className="text-xl font-bold">{nothingLeft ? 'These tickets are no longer available' : 'Your order has changed'}</h2>
          <ul className="mt-2 space-y-1">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <p className="mt-2 text-slate-700">{nothingLeft ? 'Other tickets may still be on offer on the event page.' : 'The order below has what is still available.'}</p>
          {!nothingLeft && waitlists.length ? <WaitlistLinks waitlists={waitlists} /> : null}
        </div>
      </div>
      {nothingLeft ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {waitlists.map((waitlist) => (
            <Button key={waitlist.path} asChild variant="accent">
              <Link to={waitlist.path}>{waitlistLinkText(waitlist)}</Link>
            </Button>
          ))}
          <Button asChild variant={waitlists.length ? 'outline' : 'accent'}>
            <Link to={`/events/${eventId}`}>Choose other tickets</Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

const waitlistLinkText = (waitlist: OrderWaitlist) => `Join the waitlist for “${waitlist.tierName}”`;

/**
 * The waitlists of the tiers that sold out, where the order form said so (a post answered with
 * JavaScript keeps its form) or under the notes when the rest is still on offer.
 */
export function WaitlistLinks({ waitlists }: { waitlists: OrderWaitlist[] }) {
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
      {waitlists.map((waitlist) => (
        <Link key={waitlist.path} to={waitlist.path} className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
          {waitlistLinkText(waitlist)}
        </Link>
      ))}
    </p>
  );
}

/** A waitlist offer's link (docs/product.md#waitlist): the seat is held for this visitor until its expiry. */
export function OfferNotice({ heldUntil, timeZone }: { heldUntil: Date; timeZone: string }) {
  return (
    <div role="status" className="rounded-2xl border border-success/40 bg-success/10 p-6 text-navy-900 sm:p-8 lg:col-span-2">
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
        <div>
          <h2 className="text-xl font-bold">A seat from the waitlist is yours</h2>
          <p className="mt-1 text-slate-700">Your seat is held until {formatDateTime(heldUntil, timeZone)}. After that it passes to the next person in line.</p>
        </div>
      </div>
    </div>
  );
}
