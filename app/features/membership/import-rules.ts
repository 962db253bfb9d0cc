import { z } from 'zod';
import { offlineMethods, type MembershipType, type OfflineMethod } from '~/db/schema/enums';
import { parseDollars } from '~/lib/money';

/**
 * The rules of a member import (docs/product.md#member-import): which columns a spreadsheet may
 * have, how its headers are matched to them, and what each row becomes or why it is skipped.
 * Pure: the preview and the commit (import.server.ts) both run these same rules.
 */
/** The largest file a member import reads (docs/product.md#member-import): about 20,000 rows of a spreadsheet. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 25_000;

export const importFields = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'olYear',
  'alYear',
  'plan',
  'joinedOn',
  'expiresOn',
  'amountPaid',
  'paymentMethod',
  'paymentDate',
  'notes',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  olYear: 'O/L year',
  alYear: 'A/L year',
  plan: 'Plan (annual or life)',
  joinedOn: 'Joined on',
  expiresOn: 'Expires on',
  amountPaid: 'Amount paid',
  paymentMethod: 'Payment method',
  paymentDate: 'Payment date',
  notes: 'Notes',
};

/** A column mapping: for each field, the index of the file's column that holds it (absent: none). */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** Header spellings each field is recognised by (compared lower-case, without spaces and punctuation). */
const headerAliases: Record<ImportField, readonly string[]> = {
  name: ['name', 'fullname', 'membername'],
  firstName: ['firstname', 'givenname', 'forename'],
  lastName: ['lastname', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone', 'cell'],
  address: ['address', 'homeaddress', 'mailingaddress'],
  olYear: ['olyear', 'ol', 'olevel', 'olevelyear'],
  alYear: ['alyear', 'al', 'alevel', 'alevelyear'],
  plan: ['plan', 'membershiptype', 'membership', 'type'],
  joinedOn: ['joinedon', 'joined', 'membersince', 'startdate', 'datejoined'],
  expiresOn: ['expireson', 'expires', 'expiry', 'expirydate', 'expirationdate', 'enddate'],
  amountPaid: ['amountpaid', 'amount', 'paid', 'fee'],
  paymentMethod: ['paymentmethod', 'method', 'paidby'],
  paymentDate: ['paymentdate', 'paidon', 'datepaid', 'received', 'receivedon'],
  notes: ['notes', 'note', 'comments', 'remarks'],
};

const normalHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A mapping for a file's headers: the remembered one where its header names are still in the file,
 * else each field's first header that reads like it.
 */
export function guessMapping(headers: readonly string[], remembered?: Partial<Record<ImportField, string>> | null): ColumnMapping {
  const normal = headers.map(normalHeader);
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  for (const field of importFields) {
    const rememberedHeader = remembered?.[field];
    const index = rememberedHeader !== undefined ? normal.indexOf(normalHeader(rememberedHeader)) : -1;
    if (index >= 0 && !taken.has(index)) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  for (const field of importFields) {
    if (mapping[field] !== undefined) continue;
    const index = normal.findIndex((header, at) => !taken.has(at) && headerAliases[field].includes(header));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** A mapping as header names, to remember for the next file. */
export function mappingByHeader(headers: readonly string[], mapping: ColumnMapping): Partial<Record<ImportField, string>> {
  const named: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    const index = mapping[field];
    if (index !== undefined && headers[index] !== undefined) named[field] = headers[index];
  }
  return named;
}

/** What a mapping still lacks to be used: an email column, and a name (full, or first and last). */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  if (mapping.email === undefined) problems.push('Choose the column that holds the email address.');
  if (mapping.name === undefined && (mapping.firstName === undefined || mapping.lastName === undefined)) problems.push('Choose the column that holds the full name, or the first and last name columns.');
  if (mapping.plan === undefined) problems.push('Choose the column that holds the plan (annual or life).');
  return problems;
}

/** One valid row, ready to write. Dates are ISO days (yyyy-mm-dd); life memberships have no expiry. */
export type ImportRecord = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string;
  olYear: number | null;
  alYear: number | null;
  plan: MembershipType;
  joinedOn: string;
  expiresOn: string | null;
  payment: { amountCents: number; method: OfflineMethod; receivedOn: string } | null;
  notes: string | null;
};

/** A row as the preview shows it: its spreadsheet row number (the header is row 1). */
export type ImportRow =
  | { row: number; email: string; action: 'create' | 'update'; record: ImportRecord; problems: [] }
  | { row: number; email: string; action: 'skip'; record: null; problems: string[] };

/** What the database says about the file's emails: accounts that exist, and those that already hold a membership. */
export type ExistingPeople = { accounts: ReadonlySet<string>; members: ReadonlySet<string> };

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const slashDay = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;

/** An ISO day from "2024-05-01" or "2024/5/1"; null when it is not a real date. */
export function parseImportDate(text: string): string | null {
  const match = isoDay.exec(text) ?? slashDay.exec(text);
  if (!match) return null;
  const value = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** One year after an ISO day (29 February runs to 28 February). */
export function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

const methodAliases: Record<string, OfflineMethod> = {
  cash: 'cash',
  cheque: 'cheque',
  check: 'cheque',
  banktransfer: 'bank_transfer',
  transfer: 'bank_transfer',
  etransfer: 'bank_transfer',
  wire: 'bank_transfer',
  bank: 'bank_transfer',
};

function parsePlan(text: string): MembershipType | null {
  const normal = normalHeader(text);
  if (['annual', 'annualmembership', 'annualmember', 'yearly', 'year'].includes(normal)) return 'annual';
  if (['life', 'lifemembership', 'lifemember', 'lifetime'].includes(normal)) return 'life';
  return null;
}

const emailSchema = z.email().max(254);

/**
 * Checks every row of a file against a mapping (docs/product.md#member-import). The first row of
 * an email is taken and its later repeats are reported; an email that already holds a membership
 * is skipped ("already a member"), which makes importing the same file twice change nothing; one
 * with an account but no membership gets the membership added (an update).
 */
export function checkImportRows(rows: readonly (readonly string[])[], mapping: ColumnMapping, existing: ExistingPeople, today: string): ImportRow[] {
  const firstRowOf = new Map<string, number>();
  const checked: ImportRow[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    checked.push(checkRow(cells, index + 2));
  });
  return checked;

  function checkRow(cells: readonly string[], row: number): ImportRow {
    const value = (field: ImportField) => {
      const at = mapping[field];
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const problems: string[] = [];

    const email = value('email').toLowerCase();
    if (!email) problems.push('The email is missing.');
    else if (!emailSchema.safeParse(email).success) problems.push(`“${email}” is not an email address.`);

    let firstName = value('firstName');
    let lastName = value('lastName');
    const fullName = value('name').replace(/\s+/g, ' ');
    if ((!firstName || !lastName) && fullName) {
      const cut = fullName.lastIndexOf(' ');
      firstName ||= cut > 0 ? fullName.slice(0, cut) : fullName;
      lastName ||= cut > 0 ? fullName.slice(cut + 1) : '';
    }
    if (!firstName) problems.push('The name is missing.');
    if (firstName.length > 80 || lastName.length > 80) problems.push('The name is longer than 80 characters.');

    const planText = value('plan');
    const plan = parsePlan(planText);
    if (!plan) problems.push(planText ? `Unknown plan “${planText}”: use annual or life.` : 'The plan is missing: use annual or life.');

    const year = (field: 'olYear' | 'alYear', label: string) => {
      const text = value(field);
      if (!text) return null;
      const number = /^\d{4}$/.test(text) ? Number(text) : NaN;
      if (Number.isNaN(number) || number < 1900 || number > Number(today.slice(0, 4)) + 2) {
        problems.push(`The ${label} year “${text}” is not a year.`);
        return null;
      }
      return number;
    };
    const olYear = year('olYear', 'O/L');
    const alYear = year('alYear', 'A/L');

    const date = (field: 'joinedOn' | 'expiresOn' | 'paymentDate', label: string) => {
      const text = value(field);
      if (!text) return null;
      const parsed = parseImportDate(text);
      if (!parsed) problems.push(`${label} “${text}” is not a date like 2024-05-01.`);
      return parsed;
    };
    const joinedOn = date('joinedOn', 'Joined on') ?? (value('joinedOn') ? null : today);
    if (joinedOn && joinedOn > today) problems.push('Joined on is in the future.');
    const expiresText = date('expiresOn', 'Expires on');
    let expiresOn: string | null = null;
    if (plan === 'annual' && joinedOn) {
      expiresOn = expiresText ?? (value('expiresOn') ? null : yearAfter(joinedOn));
      if (expiresOn && expiresOn < joinedOn) problems.push(`Expires on (${expiresOn}) is before joined on (${joinedOn}).`);
    }

    let payment: ImportRecord['payment'] = null;
    const amountText = value('amountPaid').replace(/^\$/, '');
    if (amountText) {
      const amount = parseDollars(amountText);
      const methodText = value('paymentMethod');
      const method = methodText ? methodAliases[normalHeader(methodText)] : 'cheque';
      if (!method) problems.push(`Unknown payment method “${methodText}”: use ${offlineMethods.join(', ').replace('_', ' ')}.`);
      const receivedOn = date('paymentDate', 'Payment date') ?? (value('paymentDate') ? null : joinedOn);
      if (receivedOn && receivedOn > today) problems.push('The payment date is in the future.');
      if ('problem' in amount || amount.cents > 1_000_000) problems.push(`Amount paid “${value('amountPaid')}” is not an amount like 50 or 50.00, at most $10,000.`);
      else if (method && receivedOn && amount.cents > 0) payment = { amountCents: amount.cents, method, receivedOn };
    }

    if (email && problems.length === 0) {
      const first = firstRowOf.get(email);
      if (first !== undefined) problems.push(`The email ${email} is repeated: row ${first} is taken.`);
      else if (existing.members.has(email)) problems.push(`${email} is already a member.`);
    }
    if (problems.length > 0 || !plan || !joinedOn) return { row, email, action: 'skip', record: null, problems: problems.length ? problems : ['The row cannot be read.'] };
    firstRowOf.set(email, row);
    return {
      row,
      email,
      action: existing.accounts.has(email) ? 'update' : 'create',
      problems: [],
      record: {
        firstName,
        lastName,
        email,
        phone: value('phone') || null,
        address: value('address'),
        olYear,
        alYear,
        plan,
        joinedOn,
        expiresOn: plan === 'life' ? null : expiresOn,
        payment,
        notes: value('notes') || null,
      },
    };
  }
}
