import { z } from 'zod';
import type { MembershipType, OfflineMethod } from '~/db/schema/enums';
import { formatIsoDay } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import { dateOrderNames, guessDateOrder, readImportDate, type DateGuess, type DateOrder } from './import-dates';
import {
  chooseWords,
  knownMethod,
  knownPlan,
  MAX_WORD_LENGTH,
  MAX_WORDS,
  methodChoices,
  parseImportAmount,
  planChoices,
  WordCounter,
  wordKey,
  type FileWord,
  type MethodChoice,
  type PlanChoice,
} from './import-words';
import { splitFullName } from './membership.schema';

/**
 * The rules of a member import (docs/product.md#member-import): which columns a spreadsheet may
 * have, how its headers are matched to them, how its dates and words are read, and what each row
 * becomes or why it is skipped. Nothing is invented: a value the file does not give stays empty
 * (docs/decisions/019). Pure: the preview and the commit (import.server.ts) both run these rules.
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
  name: ['name', 'fullname', 'membername', 'nameinfull'],
  firstName: ['firstname', 'givenname', 'forename', 'firstnames'],
  lastName: ['lastname', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail', 'emailid'],
  phone: ['phone', 'phonenumber', 'phoneno', 'mobile', 'mobilenumber', 'mobileno', 'mobilephone', 'telephone', 'tel', 'cell', 'cellphone', 'cellnumber', 'contactnumber', 'contactno', 'whatsapp'],
  address: ['address', 'homeaddress', 'mailingaddress', 'postaladdress'],
  olYear: ['olyear', 'ol', 'olevel', 'olevelyear', 'olbatch', 'batch', 'yearofol', 'yearofolevel', 'olevelbatch', 'batchyear'],
  alYear: ['alyear', 'al', 'alevel', 'alevelyear', 'albatch', 'yearofal', 'yearofalevel', 'alevelbatch'],
  plan: ['plan', 'membershiptype', 'membership', 'type', 'membershipplan', 'membertype', 'category', 'membershipcategory'],
  joinedOn: ['joinedon', 'joined', 'membersince', 'since', 'startdate', 'datejoined', 'joindate', 'joiningdate', 'memberfrom'],
  expiresOn: [
    'expireson',
    'expires',
    'expiry',
    'expirydate',
    'expirationdate',
    'enddate',
    'renewaldue',
    'renewalduedate',
    'renewaldate',
    'renewal',
    'duedate',
    'validuntil',
    'validtill',
    'validto',
    'validthrough',
    'paiduntil',
    'paidup',
    'paidupto',
    'paidto',
    'membershipexpiry',
  ],
  amountPaid: ['amountpaid', 'amount', 'paid', 'paidamount', 'fee', 'fees', 'membershipfee', 'amountusd', 'amountcad'],
  paymentMethod: ['paymentmethod', 'method', 'paidby', 'paymenttype', 'paymentmode', 'howpaid', 'modeofpayment', 'methodofpayment', 'paidvia'],
  paymentDate: ['paymentdate', 'paidon', 'datepaid', 'paiddate', 'received', 'receivedon', 'datereceived', 'lastpaid', 'lastpaymentdate'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'remark'],
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
    const index = normal.findIndex((header, at) => !taken.has(at) && header !== '' && headerAliases[field].includes(header));
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
  if (mapping.name === undefined && (mapping.firstName === undefined || mapping.lastName === undefined))
    problems.push('Choose the column that holds the full name, or the first and last name columns.');
  if (mapping.plan === undefined) problems.push('Choose the column that holds the plan (annual or life).');
  return problems;
}

/**
 * What the page decided about the file beyond its columns: how its year-last dates read (null: not
 * yet known), and the meaning of each plan and payment word (by `wordKey`; a word absent is not
 * yet chosen, and its rows wait).
 */
export type ImportChoices = { dateOrder: DateOrder | null; plans: Record<string, PlanChoice>; methods: Record<string, MethodChoice> };

/** What a confirmed import leaves for the next: its columns by header name and its words' meanings. */
export type ImportMemory = { columns: Partial<Record<ImportField, string>>; plans: Record<string, PlanChoice>; methods: Record<string, MethodChoice> };

const storedWords = z.object({
  words: z
    .object({
      plan: z.record(z.string(), z.enum(planChoices)).optional(),
      method: z.record(z.string(), z.enum(methodChoices)).optional(),
    })
    .optional(),
});

/**
 * An import's memory from what `member_imports.mapping` holds: each field's header name, and under
 * `words` the meanings chosen (imports before the words were kept hold the header names only).
 */
export function readImportMemory(stored: Record<string, unknown> | null | undefined): ImportMemory {
  const columns: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    const header = stored?.[field];
    if (typeof header === 'string') columns[field] = header;
  }
  const words = storedWords.safeParse(stored ?? {});
  return { columns, plans: (words.success && words.data.words?.plan) || {}, methods: (words.success && words.data.words?.method) || {} };
}

/** The memory as `member_imports.mapping` stores it. */
export function storedImportMemory(memory: ImportMemory): Record<string, unknown> {
  return { ...memory.columns, words: { plan: memory.plans, method: memory.methods } };
}

/** The memory after an import: this file's columns, and its words' meanings added to the earlier ones. */
export function nextImportMemory(previous: ImportMemory, headers: readonly string[], mapping: ColumnMapping, choices: ImportChoices): ImportMemory {
  return { columns: mappingByHeader(headers, mapping), plans: { ...previous.plans, ...choices.plans }, methods: { ...previous.methods, ...choices.methods } };
}

/** What the page asks about a file under a mapping: its plan words, its payment words (of rows with an amount) and how its dates read. */
export type FileVocabulary = { plans: FileWord[]; methods: FileWord[]; dates: DateGuess };

const blankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

export function fileVocabulary(rows: readonly (readonly string[])[], mapping: ColumnMapping, today: string): FileVocabulary {
  const plans = new WordCounter();
  const methods = new WordCounter();
  const dateColumns = [mapping.joinedOn, mapping.expiresOn, mapping.paymentDate].filter((at): at is number => at !== undefined);
  const dates: string[] = [];
  const cell = (cells: readonly string[], at: number | undefined) => (at === undefined ? '' : (cells[at] ?? '').trim());
  for (const cells of rows) {
    if (blankRow(cells)) continue;
    const plan = cell(cells, mapping.plan);
    if (plan) plans.add(plan);
    if (cell(cells, mapping.amountPaid)) methods.add(cell(cells, mapping.paymentMethod));
    for (const at of dateColumns) {
      const date = cell(cells, at);
      if (date) dates.push(date);
    }
  }
  return { plans: plans.list(), methods: methods.list(), dates: guessDateOrder(dates, today) };
}

/** Where the page's post says nothing (a first preview, a word new to this mapping): the remembered or usual meanings, and the guessed date order. */
export function importChoices(
  vocabulary: FileVocabulary,
  posted: { dateOrder?: DateOrder | null; plans?: Record<string, PlanChoice | undefined>; methods?: Record<string, MethodChoice | undefined> },
  memory: ImportMemory,
): ImportChoices {
  return {
    dateOrder: posted.dateOrder ?? vocabulary.dates.order,
    plans: chooseWords<PlanChoice>(vocabulary.plans, posted.plans, memory.plans, knownPlan),
    methods: chooseWords<MethodChoice>(vocabulary.methods, posted.methods, memory.methods, knownMethod),
  };
}

/** What stops a preview while the order of the file's dates is not known: the page asks under "Dates". */
export const datesProblem = 'Choose how the file writes its dates, under “Dates”.';

/** What stops a preview besides the columns: a column with too many different words (the wrong column), and dates whose order is not known. */
export function choiceProblems(vocabulary: FileVocabulary, choices: ImportChoices): string[] {
  const problems: string[] = [];
  const tooMany = (words: FileWord[], what: string) => {
    if (words.length > MAX_WORDS) problems.push(`The ${what} column holds ${words.length} different values: choose the column that holds the ${what}.`);
    else if (words.some((word) => word.key.length > MAX_WORD_LENGTH)) problems.push(`A ${what} in the file is longer than ${MAX_WORD_LENGTH} characters: choose the column that holds the ${what}.`);
  };
  tooMany(vocabulary.plans, 'plan');
  tooMany(vocabulary.methods, 'payment method');
  if (!choices.dateOrder) problems.push(datesProblem);
  return problems;
}

/** The same text for the same columns and choices: a preview confirmed is the one shown. */
export function interpretationKey(mapping: ColumnMapping, choices: ImportChoices): string {
  const sorted = (record: Record<string, string>) => Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([importFields.map((field) => mapping[field] ?? null), choices.dateOrder, sorted(choices.plans), sorted(choices.methods)]);
}

/** One valid row, ready to write. Dates are ISO days (yyyy-mm-dd), null where the file gives none; life memberships have no expiry. */
export type ImportRecord = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string;
  olYear: number | null;
  alYear: number | null;
  plan: MembershipType;
  joinedOn: string | null;
  expiresOn: string | null;
  payment: { amountCents: number; method: OfflineMethod; receivedOn: string } | null;
  notes: string | null;
};

/**
 * A row as the preview shows it: its spreadsheet row number (the header is row 1), and for a row
 * to import what it leaves out (`remarks`: a payment without a date).
 */
export type ImportRow =
  | { row: number; email: string; name: string; action: 'create' | 'update'; record: ImportRecord; problems: []; remarks: string[] }
  | { row: number; email: string; name: string; action: 'skip'; record: null; problems: string[]; remarks: [] };

/** What the database says about the file's emails: accounts that exist, and those that already hold a membership. */
export type ExistingPeople = { accounts: ReadonlySet<string>; members: ReadonlySet<string> };

/** One year after an ISO day (29 February runs to 28 February). */
export function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

const emailSchema = z.email().max(254);
const AMOUNT_LIMIT_CENTS = 1_000_000;
export const plansHeading = 'Plans in the file';
export const methodsHeading = 'Payment methods in the file';

/**
 * Checks every row of a file against a mapping and the page's choices (docs/product.md#member-import).
 * The first row of an email claims it: a later row with it is named a repeat of that row, whatever
 * else is wrong with either. An email that already holds a membership is skipped ("already a
 * member"), which makes importing the same file twice change nothing; one with an account but no
 * membership gets the membership added (an update).
 */
export function checkImportRows(rows: readonly (readonly string[])[], mapping: ColumnMapping, choices: ImportChoices, existing: ExistingPeople, today: string): ImportRow[] {
  const firstRowOf = new Map<string, number>();
  const checked: ImportRow[] = [];
  rows.forEach((cells, index) => {
    if (blankRow(cells)) return;
    checked.push(checkRow(cells, index + 2));
  });
  return checked;

  function checkRow(cells: readonly string[], row: number): ImportRow {
    const value = (field: ImportField) => {
      const at = mapping[field];
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const problems: string[] = [];
    const remarks: string[] = [];

    const email = value('email').toLowerCase();
    if (!email) problems.push('The email is missing.');
    else if (!emailSchema.safeParse(email).success) problems.push(`“${email}” is not an email address.`);

    let firstName = value('firstName');
    let lastName = value('lastName');
    const fullName = value('name');
    if ((!firstName || !lastName) && fullName) {
      const split = splitFullName(fullName);
      firstName ||= split.firstName;
      lastName ||= split.lastName;
    }
    if (!firstName) problems.push('The name is missing.');
    if (firstName.length > 80 || lastName.length > 80) problems.push('The name is longer than 80 characters.');

    const planText = value('plan');
    const planChoice = planText ? choices.plans[wordKey(planText)] : undefined;
    const plan = planChoice === 'annual' || planChoice === 'life' ? planChoice : null;
    if (!planText) problems.push('The plan is missing.');
    else if (!planChoice) problems.push(`Plan “${planText}”: choose what it means under “${plansHeading}”.`);
    else if (planChoice === 'skip') problems.push(`Plan “${planText}” is left out, as chosen.`);

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

    // null: the file gives no date; undefined: it gives one that cannot be read (a problem says so).
    const date = (field: 'joinedOn' | 'expiresOn' | 'paymentDate', label: string): string | null | undefined => {
      const text = value(field);
      if (!text) return null;
      const read = readImportDate(text, choices.dateOrder, today);
      if ('day' in read) return read.day;
      if (read.problem === 'not-a-date') problems.push(`${label} “${text}” is not a date.`);
      else if (read.problem === 'impossible-in-order' && choices.dateOrder) problems.push(`${label} “${text}” is not a real date read as ${dateOrderNames[choices.dateOrder]}.`);
      else if (read.problem === 'order-needed') problems.push(`${label} “${text}”: choose how the file writes its dates, under “Dates”.`);
      else problems.push(`${label} “${text}” is not a real date.`);
      return undefined;
    };
    const joinedOn = date('joinedOn', 'Joined on');
    if (joinedOn && joinedOn > today) problems.push(`Joined on (${formatIsoDay(joinedOn)}) is in the future.`);
    const expiresText = date('expiresOn', 'Expires on');
    const paidOn = date('paymentDate', 'Payment date');
    if (paidOn && paidOn > today) problems.push(`The payment date (${formatIsoDay(paidOn)}) is in the future.`);
    let expiresOn: string | null = null;
    if (plan === 'annual' && joinedOn !== undefined && expiresText !== undefined) {
      expiresOn = expiresText ?? (joinedOn ? yearAfter(joinedOn) : null);
      if (!expiresOn) problems.push('An annual membership needs the day it expires or the day it began: the file gives neither.');
      else if (joinedOn && expiresOn < joinedOn) problems.push(`Expires on (${formatIsoDay(expiresOn)}) is before joined on (${formatIsoDay(joinedOn)}).`);
    }

    let payment: ImportRecord['payment'] = null;
    const amountText = value('amountPaid');
    if (amountText) {
      const amount = parseImportAmount(amountText);
      const methodText = value('paymentMethod');
      const method = choices.methods[wordKey(methodText)];
      if ('problem' in amount) problems.push(`Amount paid “${amountText}” is not an amount like 50, 50.00 or 50,00.`);
      else if (amount.cents > AMOUNT_LIMIT_CENTS) problems.push(`Amount paid “${amountText}” is more than $10,000.`);
      else if (amount.cents > 0) {
        const paid = formatCents(amount.cents);
        if (!method)
          problems.push(
            methodText
              ? `Payment method “${methodText}”: choose what it means under “${methodsHeading}”.`
              : `The ${paid} paid has no payment method: choose one for “No method written” under “${methodsHeading}”.`,
          );
        else if (method === 'none') remarks.push(`The ${paid} paid is left out, as chosen for ${methodText ? `“${methodText}”` : 'payments without a method'}.`);
        else if (paidOn !== undefined && joinedOn !== undefined) {
          const receivedOn = paidOn ?? joinedOn;
          if (receivedOn) payment = { amountCents: amount.cents, method, receivedOn };
          else remarks.push(`The ${paid} paid is left out: the file gives no payment date and no joined date.`);
        }
      }
    }

    if (email) {
      const first = firstRowOf.get(email);
      if (first !== undefined) problems.push(`The email ${email} is repeated: row ${first} has it first.`);
      else {
        firstRowOf.set(email, row);
        if (existing.members.has(email)) problems.push(`${email} is already a member.`);
      }
    }
    const name = `${firstName} ${lastName}`.trim();
    if (problems.length > 0 || !plan || joinedOn === undefined)
      return { row, email, name, action: 'skip', record: null, problems: problems.length ? problems : ['The row cannot be read.'], remarks: [] };
    const notes = value('notes').replace(/\s+/g, ' ');
    return {
      row,
      email,
      name,
      action: existing.accounts.has(email) ? 'update' : 'create',
      problems: [],
      remarks,
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
        notes: notes || null,
      },
    };
  }
}
