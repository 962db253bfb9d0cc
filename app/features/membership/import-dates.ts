/**
 * Dates as a member import's spreadsheet writes them (docs/product.md#member-import): year first
 * (2024-03-15, 2024/3/15), year last with the day and month in the file's own order (3/15/2024 or
 * 15/3/2024, also with dots or dashes, two-digit years, a time after it), or with the month's name
 * (15 Mar 2024, March 15, 2024). The order of a year-last file is guessed from its values and asked
 * when they fit both; only dates that cannot be are refused. Pure: the page and the server use it.
 */

export const dateOrders = ['ymd', 'mdy', 'dmy'] as const;
export type DateOrder = (typeof dateOrders)[number];

/** The choices as the page lists them. */
export const dateOrderLabels: Record<DateOrder, string> = {
  ymd: 'Year-month-day (2024-03-15)',
  mdy: 'Month/day/year (3/15/2024)',
  dmy: 'Day/month/year (15/3/2024)',
};

/** The orders as a sentence names them. */
export const dateOrderNames: Record<DateOrder, string> = { ymd: 'year-month-day', mdy: 'month/day/year', dmy: 'day/month/year' };

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const longMonthNames = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthOfName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const short = monthNames.indexOf(lower);
  if (short >= 0) return short + 1;
  const long = longMonthNames.indexOf(lower);
  if (long >= 0) return long + 1;
  return lower === 'sept' ? 9 : null;
}

/** What a date's text says before its order is known: year first or a named month (read as they are), or year last (two numbers to place). */
type DateShape = { kind: 'exact'; year: number; month: number; day: number } | { kind: 'year-last'; first: number; second: number; year: number };

// A spreadsheet's date-and-time cell ("3/15/2023 0:00", "2023-03-15T00:00:00") is read by its date.
const timeAfter = /(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)$/;
const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const yearLast = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/;
const dayMonthName = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+([A-Za-z]{3,9}\.?)[\s\-/.,]+(\d{4}|\d{2})$/;
const monthNameDay = /^([A-Za-z]{3,9}\.?)[\s\-/.]+(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]+(\d{4}|\d{2})$/;

/**
 * A two-digit year as a spreadsheet means it: this century up to ten years ahead, else the last
 * ("23" → 2023, "27" → 2027 in 2026, "89" → 1989).
 */
function fullYear(text: string, today: string): number {
  if (text.length === 4) return Number(text);
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  const year = century + Number(text);
  return year > thisYear + 10 ? year - 100 : year;
}

function dateShape(text: string, today: string): DateShape | null {
  const value = text.trim().replace(timeAfter, '');
  let match = yearFirst.exec(value);
  if (match) return { kind: 'exact', year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  match = yearLast.exec(value);
  if (match) return { kind: 'year-last', first: Number(match[1]), second: Number(match[3]), year: fullYear(match[4]!, today) };
  match = dayMonthName.exec(value);
  if (match) {
    const month = monthOfName(match[2]!);
    return month ? { kind: 'exact', year: fullYear(match[3]!, today), month, day: Number(match[1]) } : null;
  }
  match = monthNameDay.exec(value);
  if (match) {
    const month = monthOfName(match[1]!);
    return month ? { kind: 'exact', year: fullYear(match[3]!, today), month, day: Number(match[2]) } : null;
  }
  return null;
}

/** The ISO day of a year, month and day, or null when the calendar has no such day. */
function isoDayOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DateRead = { day: string } | { problem: 'not-a-date' | 'impossible' | 'impossible-in-order' | 'order-needed' };

/**
 * A cell's date as an ISO day, read in the file's order (which places a year-last date's day and
 * month; year-first and named-month dates read the same in every order). `impossible`: the date is
 * written as a date but the calendar has no such day (2024-02-30); `impossible-in-order`: a
 * year-last date that is no day in the order chosen (2/30/2024, or 3/15/2024 read day first).
 */
export function readImportDate(text: string, order: DateOrder | null, today: string): DateRead {
  const shape = dateShape(text, today);
  if (!shape) return { problem: 'not-a-date' };
  if (shape.kind === 'exact') {
    const day = isoDayOf(shape.year, shape.month, shape.day);
    return day ? { day } : { problem: 'impossible' };
  }
  if (!order) return { problem: 'order-needed' };
  // A year-last date in a file said to write year-month-day is no date in that order.
  if (order === 'ymd') return { problem: 'impossible-in-order' };
  const [month, day] = order === 'mdy' ? [shape.first, shape.second] : [shape.second, shape.first];
  const iso = isoDayOf(shape.year, month, day);
  return iso ? { day: iso } : { problem: 'impossible-in-order' };
}

/**
 * How a file's dates read, guessed from its values: `order` is null when it must be asked.
 * - `year-first`: no date places its day and month (all year first or with the month's name).
 * - `day-first` / `month-first`: some year-last date has a day above 12 in that place (`example`).
 * - `either`: every year-last date fits both orders (`example` shows one that reads two ways).
 * - `both`: some dates can only be day first, others only month first (`example`, `other`).
 * - `none`: the mapped columns hold no dates.
 */
export type DateGuess =
  | { order: DateOrder; evidence: 'year-first' | 'day-first' | 'month-first' | 'none'; example: string | null; other: null }
  | { order: null; evidence: 'either' | 'both'; example: string; other: string | null };

export function guessDateOrder(values: Iterable<string>, today: string): DateGuess {
  let dated = false;
  let ambiguous: string | null = null;
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  for (const value of values) {
    if (!value) continue;
    const shape = dateShape(value, today);
    if (!shape) continue;
    dated = true;
    if (shape.kind !== 'year-last') continue;
    if (shape.first > 12 && shape.second <= 12) dayFirst ??= value;
    else if (shape.second > 12 && shape.first <= 12) monthFirst ??= value;
    else if (shape.first <= 12 && shape.second <= 12 && shape.first !== shape.second) ambiguous ??= value;
    // Equal day and month (5/5/2024) read the same either way; both above 12 is no date in any order.
  }
  if (dayFirst && monthFirst) return { order: null, evidence: 'both', example: dayFirst, other: monthFirst };
  if (dayFirst) return { order: 'dmy', evidence: 'day-first', example: dayFirst, other: null };
  if (monthFirst) return { order: 'mdy', evidence: 'month-first', example: monthFirst, other: null };
  if (ambiguous) return { order: null, evidence: 'either', example: ambiguous, other: null };
  return { order: 'ymd', evidence: dated ? 'year-first' : 'none', example: null, other: null };
}

const spelled = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return {
    dayMonth: `${day} ${longMonthNames[month - 1]!.replace(/^./, (c) => c.toUpperCase())} ${year}`,
    monthDay: `${longMonthNames[month - 1]!.replace(/^./, (c) => c.toUpperCase())} ${day}, ${year}`,
  };
};

/**
 * What the page says about the file's dates (docs/product.md#member-import): how they are read and
 * why, or the question when the file's values fit both orders. `chosen`: the order the admin
 * picked, when it is not the guess.
 */
export function dateReadingText(guess: DateGuess, chosen: DateOrder | null, today: string): { text: string; question: boolean } {
  if (guess.order === null && !chosen) {
    if (guess.evidence === 'both') {
      return {
        text: `The file writes dates both ways: “${guess.example}” can only be day/month/year and “${guess.other}” only month/day/year. Choose how most of them are written; the others are refused with their row.`,
        question: true,
      };
    }
    const asDayFirst = readImportDate(guess.example, 'dmy', today);
    const asMonthFirst = readImportDate(guess.example, 'mdy', today);
    const two = 'day' in asDayFirst && 'day' in asMonthFirst ? ` (${spelled(asDayFirst.day).dayMonth} or ${spelled(asMonthFirst.day).monthDay})` : '';
    return { text: `Every date in the file could be day/month/year or month/day/year: “${guess.example}” reads two ways${two}. Choose how the file writes its dates.`, question: true };
  }
  if (chosen && chosen !== guess.order) return { text: `Read as ${dateOrderNames[chosen]}, as you chose.`, question: false };
  if (guess.evidence === 'day-first' || guess.evidence === 'month-first') {
    const read = readImportDate(guess.example!, guess.order, today);
    const words = 'day' in read ? (guess.evidence === 'day-first' ? spelled(read.day).dayMonth : spelled(read.day).monthDay) : '';
    return { text: `Read as ${dateOrderNames[guess.order!]}: “${guess.example}” can only be ${words}.`, question: false };
  }
  if (guess.evidence === 'none') return { text: 'The columns chosen hold no dates.', question: false };
  return { text: 'Read as written, year first (2024-03-15) or with the month’s name.', question: false };
}
