/**
 * iCalendar (RFC 5545) for events (docs/product.md#tickets, docs/architecture/feeds.md#events-calendar):
 * one event's file, attached to the tickets mail and the ticket page's 'Add to calendar', and the
 * calendar of the public events people subscribe to from /events. One writer for both. Pure:
 * times in UTC (the stored instants, exact in any reader's zone, with no VTIMEZONE to get wrong),
 * text escaped, lines folded at 75 octets.
 */
export type CalendarEvent = {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  location: string;
  description: string;
  url: string;
  /** When the event was last changed: a subscribed calendar's DTSTAMP and LAST-MODIFIED, so the same events give the same file. */
  changedAt?: Date;
};

/** The calendar a reader subscribes to: its name in their calendar app, and how often to look again. */
export type SubscribedCalendar = { name: string; description: string; refreshHours: number };

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
// eslint-disable-next-line no-control-regex -- control characters (but tabs, and line breaks, escaped below) are not TEXT (RFC 5545 §3.3.11)
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const escapeText = (value: string) =>
  value
    .replace(controlCharacters, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Lines longer than 75 octets go on in lines that start with a space (RFC 5545 §3.1), never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const calendarStart = (product: string) => ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//Past Pupils Association//${product}//EN`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];

function eventLines(event: CalendarEvent, now: Date): string[] {
  // Without an end, the event is given three hours.
  const endsAt = event.endsAt ?? new Date(event.startsAt.getTime() + 3 * 3_600_000);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp(event.changedAt ?? now)}`,
    ...(event.changedAt ? [`LAST-MODIFIED:${stamp(event.changedAt)}`] : []),
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
  ];
}

const written = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;

/** One event's file: the tickets mail's attachment and the ticket page's download. */
export function calendarFile(event: CalendarEvent, now = new Date()): string {
  return written([...calendarStart('Tickets'), ...eventLines(event, now), 'END:VCALENDAR']);
}

/**
 * A calendar of events to subscribe to: named (RFC 7986 NAME and the X-WR- names Apple, Google and
 * Outlook read), with how often to look again (REFRESH-INTERVAL, and X-PUBLISHED-TTL for the apps
 * that only know that one). Each event keeps its UID across edits, so a change moves the event in
 * the reader's calendar instead of adding another.
 */
export function subscribedCalendarFile(calendar: SubscribedCalendar, events: readonly CalendarEvent[], now = new Date()): string {
  const refresh = `PT${calendar.refreshHours}H`;
  return written([
    ...calendarStart('Events'),
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `DESCRIPTION:${escapeText(calendar.description)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...events.flatMap((event) => eventLines(event, now)),
    'END:VCALENDAR',
  ]);
}

/** The events calendar's address (docs/product.md#events-calendar). */
export const EVENTS_CALENDAR_PATH = '/events/calendar.ics';

/**
 * What "Add to my calendar" on /events offers: the subscription (`webcal://`, which calendar apps
 * open as a subscription rather than a one-off import), the same for Google Calendar (its "add by
 * address" page, as webcal links open nothing on Android), and the plain https download.
 */
export function calendarLinks(publicUrl: string): { subscribe: string; google: string; download: string } {
  const download = `${publicUrl}${EVENTS_CALENDAR_PATH}`;
  const subscribe = download.replace(/^https?:/i, 'webcal:');
  return { subscribe, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(subscribe)}`, download };
}

/** A UID unique to the site (RFC 5545 §3.8.4.7): `event-7@ppa.example.org`. */
export const calendarUid = (name: string, publicUrl: string) => `${name}@${new URL(publicUrl).hostname}`;

/** Where an event happens, on one line: its venue and address. */
export const eventLocation = (event: { venue: string; address: string | null }) => [event.venue, event.address].filter(Boolean).join(', ');

type PublicEvent = { id: number; title: string; summary: string; startsAt: Date; endsAt: Date | null; venue: string; address: string | null; updatedAt: Date };

/** A published event as the subscribed calendar lists it: its page's address, its words, and a UID that is its number, so an edit keeps it. */
export function publicCalendarEvent(event: PublicEvent, publicUrl: string): CalendarEvent {
  const url = `${publicUrl}/events/${event.id}`;
  return {
    uid: calendarUid(`event-${event.id}`, publicUrl),
    title: event.title,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    location: eventLocation(event),
    description: event.summary ? `${event.summary}\n\n${url}` : url,
    url,
    changedAt: event.updatedAt,
  };
}
