/**
 * Dates for people. Every format names its time zone so the server and the browser print the same
 * text (no hydration mismatch) and an event shows the clock time of the place it happens in.
 */
export const SITE_TIME_ZONE = 'America/Toronto';

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** "March 14, 2027" */
export function formatLongDate(date: Date, timeZone = SITE_TIME_ZONE): string {
  return format(date, timeZone, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "Sunday, March 14, 2027" */
export function formatDateWithWeekday(date: Date, timeZone = SITE_TIME_ZONE): string {
  return format(date, timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** "6:30 PM EST" */
export function formatTime(date: Date, timeZone = SITE_TIME_ZONE): string {
  return format(date, timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/** "March 14, 2027 at 6:30 PM EST": a moment to the minute, for schedules and lists. */
export function formatDateTime(date: Date, timeZone = SITE_TIME_ZONE): string {
  return `${formatLongDate(date, timeZone)} at ${formatTime(date, timeZone)}`;
}

/** { month: "MAR", day: "14" } for a calendar badge. */
export function monthDayBadge(date: Date, timeZone = SITE_TIME_ZONE): { month: string; day: string } {
  return {
    month: format(date, timeZone, { month: 'short' }).toUpperCase(),
    day: format(date, timeZone, { day: 'numeric' }),
  };
}

/** "2027-03-14" for a date-only value (upload dates) without shifting it through a time zone. */
export function formatIsoDay(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  return formatLongDate(date, 'UTC');
}

/**
 * The instant at which the clocks of `timeZone` show `isoDay` `time` ("2027-03-14", "18:30").
 * Used to write event times as their organisers think of them.
 */
export function zonedTimeToInstant(isoDay: string, time: string, timeZone: string): Date {
  const asIfUtc = new Date(`${isoDay}T${time}:00Z`);
  // The zone's offset at that moment, found by printing the UTC instant in the zone.
  const parts = zoneClock(timeZone).formatToParts(asIfUtc);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const shownAsUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'));
  const offset = shownAsUtc - asIfUtc.getTime();
  return new Date(asIfUtc.getTime() - offset);
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (a member
// import converts 40,000 dates, docs/architecture/member-import.md).
const zoneClocks = new Map<string, Intl.DateTimeFormat>();
function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    zoneClocks.set(timeZone, clock);
  }
  return clock;
}

/** "2027-03-14": the calendar day `days` after `from`, in `timeZone`. */
export function isoDayAfter(from: Date, days: number, timeZone = SITE_TIME_ZONE): string {
  const shifted = new Date(from.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(shifted);
}

/**
 * How many calendar days of `timeZone` lie from `from` to `to`: 0 the same day, 1 the next, -1 the
 * day before, whatever the clock times ("expires in 20 days" next to the date it expires on).
 */
export function calendarDaysBetween(from: Date, to: Date, timeZone = SITE_TIME_ZONE): number {
  const day = (date: Date) => Date.parse(`${isoDayAfter(date, 0, timeZone)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/**
 * `count` months or years after `from` (UTC), for membership terms and subscription periods. A day
 * the target month lacks becomes that month's last day, as card providers bill: Jan 31 + 1 month
 * is Feb 28 (or 29), and Feb 29 + 1 year is Feb 28.
 */
export function addInterval(from: Date, interval: 'month' | 'year', count = 1): Date {
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * A datetime-local field's value ("2027-03-14T18:30", seconds optional) as the instant it means in
 * `timeZone`, or null when it is not a real date and time.
 */
export function parseLocalDateTime(value: string, timeZone = SITE_TIME_ZONE): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, day, time, seconds = '00'] = match as unknown as [string, string, string, string | undefined];
  const probe = new Date(`${day}T${time}:${seconds}Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== day) return null;
  return new Date(zonedTimeToInstant(day, time, timeZone).getTime() + Number(seconds) * 1000);
}

/** An instant as a datetime-local field shows it in `timeZone`: "2027-03-14T18:30:00". */
export function toLocalDateTimeInput(date: Date, timeZone = SITE_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * An instant as ISO 8601 with the offset `timeZone` has then: "2027-03-14T18:30:00-04:00". What
 * structured data (schema.org dates) and feeds want: the clock time of the place, and the moment.
 */
export function toIsoWithOffset(date: Date, timeZone = SITE_TIME_ZONE): string {
  const local = toLocalDateTimeInput(date, timeZone);
  const minutes = Math.round((Date.parse(`${local}Z`) - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local}${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
