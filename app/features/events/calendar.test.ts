import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, calendarLinks, publicCalendarEvent, subscribedCalendarFile, type CalendarEvent } from './calendar';

const gala: CalendarEvent = {
  uid: 'event-7-order-3f1c@ppa.example.org',
  title: 'Annual Gala Night',
  startsAt: new Date('2027-03-14T23:30:00Z'),
  endsAt: new Date('2027-03-15T03:00:00Z'),
  location: 'Grand Hall, 100 Queen St W, Toronto',
  description: 'Your tickets: https://ppa.example.org/tickets/3f1c?t=abc',
  url: 'https://ppa.example.org/tickets/3f1c?t=abc',
};

/** The file's content lines, unfolded (RFC 5545 §3.1: a CRLF followed by one space joins two lines). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');
const property = (file: string, name: string) =>
  unfolded(file)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('calendarFile (RFC 5545)', () => {
  it('is one VEVENT in a VCALENDAR, with CRLF line ends and every line ending in one', () => {
    const file = calendarFile(gala, new Date('2027-01-02T03:04:05.678Z'));
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfolded(file).slice(0, -1);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.slice(-2)).toEqual(['END:VEVENT', 'END:VCALENDAR']);
    expect(property(file, 'PRODID')).toBeTruthy();
  });

  it('names the event with its UID, the time it was made and its times in UTC', () => {
    const file = calendarFile(gala, new Date('2027-01-02T03:04:05.678Z'));
    expect(property(file, 'UID')).toBe('event-7-order-3f1c@ppa.example.org');
    expect(property(file, 'DTSTAMP')).toBe('20270102T030405Z');
    expect(property(file, 'DTSTART')).toBe('20270314T233000Z');
    expect(property(file, 'DTEND')).toBe('20270315T030000Z');
  });

  it('gives an event without an end three hours', () => {
    expect(property(calendarFile({ ...gala, endsAt: null }), 'DTEND')).toBe('20270315T023000Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text, and carries the ticket link', () => {
    const file = calendarFile({ ...gala, title: 'Dinner; dance, and C:\\ games', description: 'Line one\nLine two\r\nLine three' });
    expect(property(file, 'SUMMARY')).toBe('Dinner\\; dance\\, and C:\\\\ games');
    expect(property(file, 'LOCATION')).toBe('Grand Hall\\, 100 Queen St W\\, Toronto');
    expect(property(file, 'DESCRIPTION')).toBe('Line one\\nLine two\\nLine three');
    expect(property(calendarFile(gala), 'DESCRIPTION')).toBe('Your tickets: https://ppa.example.org/tickets/3f1c?t=abc');
    expect(property(calendarFile(gala), 'URL')).toBe(gala.url);
  });

  it('folds lines longer than 75 octets without splitting a character, and unfolds to the same text', () => {
    // Multi-byte characters (é: 2 octets, 🎉: 4 octets, 2 UTF-16 units) across every possible fold position.
    for (let pad = 0; pad < 4; pad += 1) {
      const title = `${'x'.repeat(pad)}${'Célébration 🎉 des anciens élèves, '.repeat(6)}`;
      const file = calendarFile({ ...gala, title });
      for (const line of file.split('\r\n')) {
        expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
        expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      expect(property(file, 'SUMMARY')).toBe(title.replace(/,/g, '\\,'));
    }
  });

  it('leaves lines of 75 octets whole', () => {
    const title = 'a'.repeat(75 - 'SUMMARY:'.length);
    const file = calendarFile({ ...gala, title });
    expect(file.split('\r\n')).toContain(`SUMMARY:${title}`);
    const longer = calendarFile({ ...gala, title: `${title}b` });
    expect(longer.split('\r\n')).toContain(`SUMMARY:${title}`);
    expect(longer.split('\r\n')).toContain(' b');
  });
});

describe('the calendar people subscribe to', () => {
  const event = {
    id: 12,
    title: 'தமிழ் மாலை & සිංහල රාත්‍රිය: "Songs", dance; more',
    summary: 'Songs, food & friends.',
    startsAt: new Date('2027-05-02T01:30:00Z'),
    endsAt: null,
    venue: 'Stanley Park Pavilion',
    address: '610 Pipeline Rd, Vancouver',
    updatedAt: new Date('2026-11-20T09:00:00Z'),
  };
  const file = subscribedCalendarFile(
    { name: 'Events · LMC PPA North America', description: 'Events of the association, North America.', refreshHours: 1 },
    [publicCalendarEvent(event, 'https://ppa.example.org'), publicCalendarEvent({ ...event, id: 13, title: 'Second' }, 'https://ppa.example.org')],
    new Date('2027-01-02T03:04:05Z'),
  );
  const calendar = new ICAL.Component(ICAL.parse(file));

  it('is named, says how often to look again, and lists each event', () => {
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Events · LMC PPA North America');
    expect(calendar.getFirstPropertyValue('name')).toBe('Events · LMC PPA North America');
    expect(calendar.getFirstPropertyValue('x-published-ttl')?.toString()).toBe('PT1H');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(2);
  });

  it('gives each event a UID by its number, its page, and the time it last changed, not the time the file was made', () => {
    const parsed = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(parsed.uid).toBe('event-12@ppa.example.org');
    expect(parsed.summary).toBe(event.title);
    expect(parsed.location).toBe('Stanley Park Pavilion, 610 Pipeline Rd, Vancouver');
    expect(parsed.description).toBe('Songs, food & friends.\n\nhttps://ppa.example.org/events/12');
    expect(parsed.component.getFirstPropertyValue('url')).toBe('https://ppa.example.org/events/12');
    expect(parsed.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-20T09:00:00Z');
    expect(parsed.component.getFirstPropertyValue('last-modified')?.toString()).toBe('2026-11-20T09:00:00Z');
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2027-05-02T01:30:00.000Z');
    expect(subscribedCalendarFile({ name: 'x', description: 'y', refreshHours: 1 }, [publicCalendarEvent(event, 'https://ppa.example.org')], new Date())).toBe(
      subscribedCalendarFile({ name: 'x', description: 'y', refreshHours: 1 }, [publicCalendarEvent(event, 'https://ppa.example.org')], new Date(0)),
    );
  });

  it('is offered as a webcal subscription, in Google Calendar, and as a download, on PUBLIC_URL', () => {
    expect(calendarLinks('https://ppa.example.org')).toEqual({
      subscribe: 'webcal://ppa.example.org/events/calendar.ics',
      google: 'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fppa.example.org%2Fevents%2Fcalendar.ics',
      download: 'https://ppa.example.org/events/calendar.ics',
    });
    expect(calendarLinks('http://127.0.0.1:3000').subscribe).toBe('webcal://127.0.0.1:3000/events/calendar.ics');
  });
});
