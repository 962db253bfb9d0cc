import { describe, expect, it } from 'vitest';
import { dateReadingText, guessDateOrder, readImportDate } from './import-dates';

const today = '2026-11-27';
const read = (text: string, order: Parameters<typeof readImportDate>[1]) => readImportDate(text, order, today);

describe('readImportDate', () => {
  it('reads year-first and named-month dates whatever the order', () => {
    for (const order of ['ymd', 'mdy', 'dmy', null] as const) {
      expect(read('2024-05-01', order)).toEqual({ day: '2024-05-01' });
      expect(read('2024/5/1', order)).toEqual({ day: '2024-05-01' });
      expect(read('15 Mar 2023', order)).toEqual({ day: '2023-03-15' });
      expect(read('15-Mar-23', order)).toEqual({ day: '2023-03-15' });
      expect(read('March 15, 2023', order)).toEqual({ day: '2023-03-15' });
      expect(read('Sept 9 2024', order)).toEqual({ day: '2024-09-09' });
    }
  });

  it('places a year-last date’s day and month by the file’s order', () => {
    expect(read('3/15/2023', 'mdy')).toEqual({ day: '2023-03-15' });
    expect(read('05/04/2023', 'dmy')).toEqual({ day: '2023-04-05' });
    expect(read('05/04/2023', 'mdy')).toEqual({ day: '2023-05-04' });
    expect(read('17.11.2018', 'dmy')).toEqual({ day: '2018-11-17' });
    expect(read('1-12-2024', 'dmy')).toEqual({ day: '2024-12-01' });
    expect(read('05/04/2023', null)).toEqual({ problem: 'order-needed' });
  });

  it('reads a spreadsheet’s date-and-time cell by its date, and two-digit years as a spreadsheet means them', () => {
    expect(read('3/15/2023 0:00', 'mdy')).toEqual({ day: '2023-03-15' });
    expect(read('3/15/2023 12:30:00 PM', 'mdy')).toEqual({ day: '2023-03-15' });
    expect(read('2023-03-15T00:00:00Z', 'ymd')).toEqual({ day: '2023-03-15' });
    expect(read('3/15/23', 'mdy')).toEqual({ day: '2023-03-15' });
    expect(read('3/15/36', 'mdy')).toEqual({ day: '2036-03-15' });
    expect(read('3/15/89', 'mdy')).toEqual({ day: '1989-03-15' });
  });

  it('refuses only what is no date: impossible days, and words', () => {
    expect(read('2/30/2024', 'mdy')).toEqual({ problem: 'impossible-in-order' });
    expect(read('3/15/2023', 'dmy')).toEqual({ problem: 'impossible-in-order' });
    expect(read('3/15/2023', 'ymd')).toEqual({ problem: 'impossible-in-order' });
    expect(read('2024-02-30', 'ymd')).toEqual({ problem: 'impossible' });
    expect(read('2023-02-29', 'dmy')).toEqual({ problem: 'impossible' });
    expect(read('2024-02-29', 'dmy')).toEqual({ day: '2024-02-29' });
    expect(read('next spring', 'mdy')).toEqual({ problem: 'not-a-date' });
    expect(read('2024', 'mdy')).toEqual({ problem: 'not-a-date' });
  });
});

describe('guessDateOrder', () => {
  it('takes the order a day above 12 proves', () => {
    expect(guessDateOrder(['05/04/2023', '17/11/2018', ''], today)).toMatchObject({ order: 'dmy', evidence: 'day-first', example: '17/11/2018' });
    expect(guessDateOrder(['7/4/2015', '3/15/2023', '2/30/2024'], today)).toMatchObject({ order: 'mdy', evidence: 'month-first', example: '3/15/2023' });
  });

  it('reads year-first files as written, and knows a file without dates', () => {
    expect(guessDateOrder(['2024-05-01', '15 Mar 2023'], today)).toMatchObject({ order: 'ymd', evidence: 'year-first' });
    expect(guessDateOrder(['', 'soon'], today)).toMatchObject({ order: 'ymd', evidence: 'none' });
  });

  it('asks when every date reads both ways, or when the file writes both', () => {
    expect(guessDateOrder(['05/04/2023', '01/12/2024', '5/5/2024'], today)).toEqual({ order: null, evidence: 'either', example: '05/04/2023', other: null });
    expect(guessDateOrder(['17/11/2018', '3/15/2023'], today)).toEqual({ order: null, evidence: 'both', example: '17/11/2018', other: '3/15/2023' });
  });
});

describe('dateReadingText', () => {
  it('says how the dates are read and why, or asks', () => {
    expect(dateReadingText(guessDateOrder(['17/11/2018'], today), null, today)).toEqual({ text: 'Read as day/month/year: “17/11/2018” can only be 17 November 2018.', question: false });
    expect(dateReadingText(guessDateOrder(['3/15/2023'], today), 'mdy', today)).toEqual({ text: 'Read as month/day/year: “3/15/2023” can only be March 15, 2023.', question: false });
    expect(dateReadingText(guessDateOrder(['05/04/2023'], today), null, today)).toEqual({
      text: 'Every date in the file could be day/month/year or month/day/year: “05/04/2023” reads two ways (5 April 2023 or May 4, 2023). Choose how the file writes its dates.',
      question: true,
    });
    expect(dateReadingText(guessDateOrder(['05/04/2023'], today), 'dmy', today)).toEqual({ text: 'Read as day/month/year, as you chose.', question: false });
    expect(dateReadingText(guessDateOrder(['17/11/2018', '3/15/2023'], today), null, today).question).toBe(true);
  });
});
