import { describe, expect, it } from 'vitest';
import {
  addInterval,
  calendarDaysBetween,
  formatDateWithWeekday,
  parseLocalDateTime,
  toIsoWithOffset,
  toLocalDateTimeInput,
  formatIsoDay,
  formatLongDate,
  formatTime,
  isoDayAfter,
  monthDayBadge,
  zonedTimeToInstant,
} from './dates';

describe('dates for people', () => {
  // 2027-02-04 18:00 in Toronto (EST, UTC-5) is 23:00 UTC.
  const gala = new Date('2027-02-04T23:00:00Z');

  it('formats long dates, weekdays, times and badges in the event’s zone', () => {
    expect(formatLongDate(gala, 'America/Toronto')).toBe('February 4, 2027');
    expect(formatDateWithWeekday(gala, 'America/Toronto')).toBe('Thursday, February 4, 2027');
    expect(formatTime(gala, 'America/Toronto')).toBe('6:00 PM EST');
    expect(monthDayBadge(gala, 'America/Toronto')).toEqual({ month: 'FEB', day: '4' });
  });

  it('does not shift an evening event into the next UTC day', () => {
    expect(formatLongDate(new Date('2027-02-05T03:30:00Z'), 'America/Vancouver')).toBe('February 4, 2027');
  });

  it('formats date-only values without a time-zone shift', () => {
    expect(formatIsoDay('2026-01-01')).toBe('January 1, 2026');
  });
});

describe('zonedTimeToInstant', () => {
  it('finds the instant for a wall-clock time in winter and in summer', () => {
    expect(zonedTimeToInstant('2027-02-04', '18:00', 'America/Toronto').toISOString()).toBe('2027-02-04T23:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-01', '18:00', 'America/Toronto').toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-01', '09:30', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T16:30:00.000Z');
  });
});

describe('isoDayAfter', () => {
  it('counts calendar days in the zone', () => {
    const lateEvening = new Date('2026-11-23T03:00:00Z'); // Nov 22, 22:00 in Toronto
    expect(isoDayAfter(lateEvening, 0, 'America/Toronto')).toBe('2026-11-22');
    expect(isoDayAfter(lateEvening, 10, 'America/Toronto')).toBe('2026-12-02');
    expect(isoDayAfter(lateEvening, -30, 'America/Toronto')).toBe('2026-10-23');
  });
});

describe('calendarDaysBetween', () => {
  it('counts the calendar days of the site, not 24-hour spans', () => {
    // 23:30 and 00:30 in Toronto (EST, UTC-5) are a day apart although an hour apart.
    expect(calendarDaysBetween(new Date('2027-01-10T04:30:00Z'), new Date('2027-01-10T05:30:00Z'))).toBe(1);
    expect(calendarDaysBetween(new Date('2027-01-10T17:00:00Z'), new Date('2027-01-30T16:00:00Z'))).toBe(20);
    expect(calendarDaysBetween(new Date('2027-01-10T17:00:00Z'), new Date('2027-01-10T22:00:00Z'))).toBe(0);
    expect(calendarDaysBetween(new Date('2027-01-10T17:00:00Z'), new Date('2027-01-09T17:00:00Z'))).toBe(-1);
    // Across the change to summer time (March 14, 2027) a day is still one.
    expect(calendarDaysBetween(new Date('2027-03-01T17:00:00Z'), new Date('2027-03-31T16:00:00Z'))).toBe(30);
  });
});

describe('addInterval', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', 'year', 1, '2027-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00.000Z', 'month', 1, '2026-12-22T10:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', 'month', 1, '2027-01-15T00:00:00.000Z'],
    ['2027-01-31T08:30:00.000Z', 'month', 1, '2027-02-28T08:30:00.000Z'],
    ['2028-01-31T08:30:00.000Z', 'month', 1, '2028-02-29T08:30:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 'year', 1, '2029-02-28T00:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 'month', 3, '2026-06-30T00:00:00.000Z'],
    ['2026-05-31T00:00:00.000Z', 'month', -1, '2026-04-30T00:00:00.000Z'],
  ] as const)('%s + %s × %i = %s', (from, interval, count, expected) => {
    expect(addInterval(new Date(from), interval, count).toISOString()).toBe(expected);
  });
});

describe('datetime-local fields', () => {
  it('read a wall-clock time in the zone, with or without seconds', () => {
    expect(parseLocalDateTime('2027-02-04T18:00', 'America/Toronto')?.toISOString()).toBe('2027-02-04T23:00:00.000Z');
    expect(parseLocalDateTime('2026-07-01T09:30:15', 'America/Toronto')?.toISOString()).toBe('2026-07-01T13:30:15.000Z');
  });

  it.each(['', 'soon', '2027-02-30T10:00', '2027-02-04 18:00', '2027-02-04T25:00'])('refuse %j', (value) => {
    expect(parseLocalDateTime(value, 'America/Toronto')).toBeNull();
  });

  it('write an instant back as the field shows it', () => {
    expect(toLocalDateTimeInput(new Date('2027-02-04T23:00:00Z'), 'America/Toronto')).toBe('2027-02-04T18:00:00');
  });
});

describe('toIsoWithOffset', () => {
  it('writes the clock time of the zone with its offset, in winter and in summer', () => {
    expect(toIsoWithOffset(new Date('2027-01-15T23:30:00Z'), 'America/Toronto')).toBe('2027-01-15T18:30:00-05:00');
    expect(toIsoWithOffset(new Date('2027-07-15T22:30:00Z'), 'America/Toronto')).toBe('2027-07-15T18:30:00-04:00');
    expect(toIsoWithOffset(new Date('2027-07-15T22:30:00Z'), 'Asia/Colombo')).toBe('2027-07-16T04:00:00+05:30');
    expect(toIsoWithOffset(new Date('2027-07-15T22:30:45.900Z'), 'UTC')).toBe('2027-07-15T22:30:45+00:00');
  });

  it('names the same instant as the date it was given', () => {
    for (const iso of ['2027-03-14T06:59:59Z', '2027-03-14T07:00:00Z', '2027-11-07T05:30:00Z', '2027-11-07T06:30:00Z']) {
      const date = new Date(iso);
      expect(new Date(toIsoWithOffset(date, 'America/Toronto')).getTime()).toBe(date.getTime());
    }
  });
});
