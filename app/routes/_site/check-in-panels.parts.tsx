import { CheckCircle2, CircleAlert, CloudOff, RefreshCw, Search, XCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { searchDoorList } from '~/features/events/door-sync';
import { formatTime } from '~/lib/dates';
import { isOffline, type useDoor } from './check-in-door.parts';

/** The pieces of the check-in page (docs/product.md#tickets): the answer to a check, the door's state, the name search. */

const tones = {
  green: { className: 'border-success bg-success/10 text-success', Icon: CheckCircle2 },
  amber: { className: 'border-gold-500 bg-gold-50 text-gold-800', Icon: CircleAlert },
  red: { className: 'border-destructive bg-destructive/10 text-destructive', Icon: XCircle },
} as const;

/** Green, amber or red, in words; `children` below (the rest of an order). */
export function CheckAnswer({ tone, text, children }: { tone: keyof typeof tones; text: string; children?: ReactNode }) {
  const { className, Icon } = tones[tone];
  return (
    <div className={`grid gap-3 rounded-xl border-2 p-5 ${className}`} data-tone={tone}>
      <p className="flex items-center gap-2 text-xl font-bold">
        {/* A name with no place to break wraps anywhere: a flex item otherwise keeps it whole, past the phone's edge. */}
        <Icon aria-hidden className="shrink-0" /> <span className="min-w-0 wrap-anywhere">{text}</span>
      </p>
      {children}
    </div>
  );
}

type Door = ReturnType<typeof useDoor>;

/** Online or not (and why), the list on this phone, the check-ins waiting, whether the page opens offline, and what the last syncs said. */
export function DoorStatus({ door }: { door: Door }) {
  const waiting = door.queue.length;
  const offline = isOffline(door.connection);
  return (
    <div id="door-status" className="grid scroll-mt-24 gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm" data-testid="door-status">
      <h2 className="flex items-center gap-2 font-bold text-navy-900">
        {offline ? <CloudOff aria-hidden className="size-5 shrink-0 text-gold-800" /> : null}
        {offline ? 'Offline: check-ins are kept on this phone' : door.connection === 'checking' ? 'Reaching the server…' : 'This phone is online'}
      </h2>
      {offline ? (
        <p className="text-sm text-slate-700">
          {door.connection === 'no-network' ? 'This phone has no network.' : 'The phone has a network, but the server does not answer (a Wi-Fi without internet?).'} It tries again every 10 seconds and
          syncs by itself when the server answers.
        </p>
      ) : null}
      <p role="status" className={waiting > 0 ? 'font-semibold text-gold-800' : 'text-sm text-slate-600'}>
        {waiting === 0 ? 'Every check-in is synced.' : waiting === 1 ? '1 check-in waiting to sync' : `${waiting} check-ins waiting to sync`}
      </p>
      {waiting > 0 ? (
        <Button type="button" size="sm" className="justify-self-start" disabled={door.syncing} onClick={() => void door.sync()}>
          {door.syncing ? 'Syncing…' : 'Sync now'}
        </Button>
      ) : null}
      <p className="text-sm text-slate-700">
        {door.list
          ? `List downloaded at ${formatTime(new Date(door.list.downloadedAt))}, ${door.list.tickets.length === 1 ? '1 ticket' : `${door.list.tickets.length} tickets`}`
          : 'The list is not on this phone yet.'}
      </p>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => void door.refreshList()}>
        <RefreshCw aria-hidden /> Refresh the list
      </Button>
      <p className="text-sm text-slate-600" data-testid="door-kept">
        {door.kept === null
          ? 'Saving this page on this phone…'
          : door.kept
            ? 'Saved on this phone: the page opens without the network.'
            : 'This browser cannot keep the page for use without the network: keep this tab open.'}
      </p>
      {door.notices.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Sync notices" data-testid="door-notices">
          {door.notices.map((notice, index) => (
            <li key={`${index}-${notice}`} className={notice.startsWith('Duplicate') || notice.startsWith('Not admitted') ? 'font-semibold text-destructive' : 'text-slate-700'}>
              {notice}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** At the top of the page while offline: the scanner's answers come from the phone's list, and how many wait. */
export function OfflineBanner({ door }: { door: Door }) {
  if (!isOffline(door.connection)) return null;
  const waiting = door.queue.length;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-gold-500 bg-gold-50 p-3 text-sm font-semibold text-gold-800" data-testid="offline-banner">
      <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        Offline: this phone’s list answers{waiting > 0 ? `, ${waiting} waiting to sync` : ''}.{' '}
        <a href="#door-status" className="underline underline-offset-2">
          Details
        </a>
      </span>
    </p>
  );
}

/** Look people up by name in the phone's list (online or not), each with a check-in button. */
export function NameSearch({ door }: { door: Door }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const tickets = door.list?.tickets ?? [];
  const queued = new Set(door.queue.map((scan) => scan.ticketId));
  const found = searchDoorList(tickets, query);
  return (
    <div className="grid gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        Find by name
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className="pl-9"
          disabled={!door.list}
          placeholder={door.list ? 'A name or a ticket code' : 'The list is not on this phone yet'}
        />
      </div>
      {query.trim() && found.length === 0 ? <p className="text-sm text-slate-600">No one on the list by that name.</p> : null}
      {found.length > 0 ? (
        <ul className="grid gap-2" aria-label="People found">
          {found.map((ticket) => {
            const inside = ticket.status === 'checked_in' || queued.has(ticket.id);
            return (
              <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-white p-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-navy-900">{ticket.name}</p>
                  <p className="text-sm text-slate-600">
                    {ticket.tier} ·{' '}
                    <span className="font-mono">
                      {ticket.code.slice(0, 4)}-{ticket.code.slice(4)}
                    </span>
                    {inside ? ' · Checked in' : ticket.status === 'valid' ? '' : ' · Cancelled'}
                  </p>
                </div>
                {ticket.status === 'valid' && !inside ? (
                  <Button type="button" size="sm" aria-label={`Check in ${ticket.name}`} onClick={() => void door.check(ticket.code)}>
                    Check in
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** For a volunteer without an account: the event's check-in code opens the page. */
export function VolunteerCode({ eventId, title, error }: { eventId: number; title: string; error: string | undefined }) {
  return (
    <>
      <PageHero eyebrow="Check-in" title={title}>
        For the volunteers at the door.
      </PageHero>
      <section className="mx-auto max-w-md px-4 py-12">
        <Form method="post" className="grid gap-3 rounded-2xl border border-border bg-white p-6 shadow-sm">
          <label htmlFor="volunteer-code" className="font-semibold text-navy-900">
            Check-in code
          </label>
          <Input
            id="volunteer-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'volunteer-code-hint volunteer-code-error' : 'volunteer-code-hint'}
          />
          <p id="volunteer-code-hint" className="text-sm text-slate-600">
            The committee gives it to the volunteers at the door. Committee members can{' '}
            <Link to={`/login?redirectTo=/check-in/${eventId}`} className="underline">
              sign in
            </Link>{' '}
            instead.
          </p>
          {error ? (
            <p id="volunteer-code-error" role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" name="intent" value="volunteer">
            Open check-in
          </Button>
        </Form>
      </section>
    </>
  );
}
