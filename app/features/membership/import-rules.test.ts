import { describe, expect, it } from 'vitest';
import { decodeImportFile, readImportCsv } from './import-csv.server';
import {
  checkImportRows,
  choiceProblems,
  fileVocabulary,
  guessMapping,
  importChoices,
  interpretationKey,
  mappingByHeader,
  mappingProblems,
  nextImportMemory,
  readImportMemory,
  storedImportMemory,
  yearAfter,
  type ExistingPeople,
  type ImportChoices,
} from './import-rules';

const none: ExistingPeople = { accounts: new Set(), members: new Set() };
const today = '2025-06-15';

function check(csv: string, existing: ExistingPeople = none, choose: Partial<ImportChoices> = {}) {
  const file = readImportCsv(csv);
  if ('problem' in file) throw new Error(file.problem);
  const mapping = guessMapping(file.headers);
  const choices = { ...importChoices(fileVocabulary(file.rows, mapping, today), {}, readImportMemory(null)), ...choose };
  return checkImportRows(file.rows, mapping, choices, existing, today);
}

describe('readImportCsv', () => {
  it('reads a spreadsheet export with a byte-order mark, quotes and semicolons', () => {
    const file = readImportCsv('\uFEFFName;Email;Plan\r\n"Perera, Nimal";nimal@example.org;annual\r\n');
    expect(file).toEqual({ headers: ['Name', 'Email', 'Plan'], rows: [['Perera, Nimal', 'nimal@example.org', 'annual']] });
  });

  it('keeps a quoted multi-line note as one cell of one row', () => {
    const file = readImportCsv('Name,Email,Notes\r\nA One,a@example.org,"Cheque #1042\r\nDeposited"\r\nB Two,b@example.org,\r\n');
    expect(file).toEqual({
      headers: ['Name', 'Email', 'Notes'],
      rows: [
        ['A One', 'a@example.org', 'Cheque #1042\r\nDeposited'],
        ['B Two', 'b@example.org', ''],
      ],
    });
  });

  it('names an empty file, a header without rows and an unreadable one', () => {
    expect(readImportCsv('')).toEqual({ problem: expect.stringContaining('empty') });
    expect(readImportCsv('Name,Email\r\n\r\n')).toEqual({ problem: expect.stringContaining('no members') });
    expect(readImportCsv('Name,Email\n"unterminated,x\n')).toEqual({ problem: expect.stringContaining('not a CSV') });
  });
});

describe('decodeImportFile', () => {
  it('reads the encodings spreadsheets save in', () => {
    expect(decodeImportFile(new TextEncoder().encode('\uFEFFName\r\nZoë செல்வம்'))).toBe('\uFEFFName\r\nZoë செல்வம்');
    expect(decodeImportFile(new Uint8Array([0x5a, 0x6f, 0xeb]))).toBe('Zoë');
    expect(decodeImportFile(new Uint8Array([0xff, 0xfe, 0x5a, 0, 0x6f, 0, 0xeb, 0]))).toBe('Zoë');
    expect(readImportCsv(decodeImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14])))).toEqual({ problem: expect.stringContaining('not a CSV') });
  });
});

describe('guessMapping', () => {
  it('matches headers by their usual spellings', () => {
    const headers = ['Full Name', 'E-mail', 'Mobile', 'O/L', 'A/L Year', 'Membership Type', 'Member since', 'Expiry', 'Amount', 'Paid by', 'Date paid', 'Remarks'];
    expect(guessMapping(headers)).toEqual({ name: 0, email: 1, phone: 2, olYear: 3, alYear: 4, plan: 5, joinedOn: 6, expiresOn: 7, amountPaid: 8, paymentMethod: 9, paymentDate: 10, notes: 11 });
  });

  it('knows how chapters head their columns', () => {
    expect(guessMapping(['Name', 'Email', 'Mobile', 'O/L Batch', 'Membership', 'Member Since', 'Renewal Due', 'Amount', 'Payment Method', 'Notes'])).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      olYear: 3,
      plan: 4,
      joinedOn: 5,
      expiresOn: 6,
      amountPaid: 7,
      paymentMethod: 8,
      notes: 9,
    });
    expect(guessMapping(['Name', 'Email', 'Batch', 'Membership', 'Member since', 'Valid until', 'Paid', 'Method', 'Remarks'])).toEqual({
      name: 0,
      email: 1,
      olYear: 2,
      plan: 3,
      joinedOn: 4,
      expiresOn: 5,
      amountPaid: 6,
      paymentMethod: 7,
      notes: 8,
    });
    expect(guessMapping(['Cell', 'Year of O/L', 'Expiry', 'Email address'])).toEqual({ phone: 0, olYear: 1, expiresOn: 2, email: 3 });
  });

  it('prefers the remembered mapping, by header name, wherever the column moved', () => {
    const remembered = mappingByHeader(['Who', 'Contact', 'Kind'], { name: 0, email: 1, plan: 2 });
    expect(guessMapping(['Kind', 'Who', 'Contact', 'Email'], remembered)).toEqual({ name: 1, email: 2, plan: 0 });
  });

  it('guesses the fields whose remembered headers this file does not have', () => {
    const remembered = mappingByHeader(['Name', 'Email', 'Plan'], { name: 0, email: 1, plan: 2 });
    expect(guessMapping(['Full name', 'Email', 'Membership type'], remembered)).toEqual({ name: 0, email: 1, plan: 2 });
  });

  it('says what a mapping still lacks', () => {
    expect(mappingProblems({ name: 0 })).toHaveLength(2);
    expect(mappingProblems({ firstName: 0, email: 1, plan: 2 })).toEqual(['Choose the column that holds the full name, or the first and last name columns.']);
    expect(mappingProblems({ firstName: 0, lastName: 3, email: 1, plan: 2 })).toEqual([]);
  });
});

describe('the file’s words and dates', () => {
  const csv = 'Name,Email,Plan,Joined,Amount,Method\nA,a@example.org,Yearly,05/04/2023,50,Cheque\nB,b@example.org,Student,01/12/2024,25,\nC,c@example.org,yearly,,,Venmo\n\n';
  const file = readImportCsv(csv) as Exclude<ReturnType<typeof readImportCsv>, { problem: string }>;
  const mapping = guessMapping(file.headers);

  it('lists the plan words, the payment words of rows with an amount (a blank one too), and asks how the dates read', () => {
    const vocabulary = fileVocabulary(file.rows, mapping, today);
    expect(vocabulary.plans.map((word) => [word.key, word.rows])).toEqual([
      ['yearly', 2],
      ['student', 1],
    ]);
    expect(vocabulary.methods.map((word) => [word.key, word.rows])).toEqual([
      ['cheque', 1],
      ['', 1],
    ]);
    expect(vocabulary.dates).toMatchObject({ order: null, evidence: 'either' });
    const choices = importChoices(vocabulary, {}, readImportMemory(null));
    expect(choices).toEqual({ dateOrder: null, plans: { yearly: 'annual' }, methods: { cheque: 'cheque' } });
    expect(choiceProblems(vocabulary, choices)).toEqual(['Choose how the file writes its dates, under “Dates”.']);
    expect(choiceProblems(vocabulary, { ...choices, dateOrder: 'dmy' })).toEqual([]);
  });

  it('remembers what the words meant, on top of earlier imports, beside the columns', () => {
    const vocabulary = fileVocabulary(file.rows, mapping, today);
    const choices = importChoices(vocabulary, { dateOrder: 'dmy', plans: { student: 'annual' }, methods: { '': 'cash' } }, readImportMemory({ name: 'Name', words: { plan: { honorary: 'life' } } }));
    const memory = nextImportMemory(readImportMemory({ name: 'Name', words: { plan: { honorary: 'life' } } }), file.headers, mapping, choices);
    const stored = storedImportMemory(memory);
    expect(stored).toEqual({
      name: 'Name',
      email: 'Email',
      plan: 'Plan',
      joinedOn: 'Joined',
      amountPaid: 'Amount',
      paymentMethod: 'Method',
      words: { plan: { honorary: 'life', yearly: 'annual', student: 'annual' }, method: { cheque: 'cheque', '': 'cash' } },
    });
    expect(readImportMemory(stored)).toEqual(memory);
    // An import from before the words were kept, or a damaged value, still gives its columns.
    expect(readImportMemory({ name: 'Name', words: { plan: { x: 'gold' } } })).toEqual({ columns: { name: 'Name' }, plans: {}, methods: {} });
    // The next file's "Student" is taken as chosen.
    expect(importChoices(vocabulary, {}, memory).plans).toEqual({ yearly: 'annual', student: 'annual' });
  });

  it('gives the same key for the same columns and choices, in any order', () => {
    const a = interpretationKey({ name: 0, email: 1 }, { dateOrder: 'dmy', plans: { yearly: 'annual', student: 'skip' }, methods: {} });
    const b = interpretationKey({ email: 1, name: 0 }, { dateOrder: 'dmy', plans: { student: 'skip', yearly: 'annual' }, methods: {} });
    expect(a).toBe(b);
    expect(interpretationKey({ name: 0, email: 1 }, { dateOrder: 'mdy', plans: { yearly: 'annual', student: 'skip' }, methods: {} })).not.toBe(a);
  });

  it('refuses a column of too many different words as the wrong column', () => {
    const many = `Name,Email,Plan\n${Array.from({ length: 45 }, (_, n) => `P ${n},p${n}@example.org,Note ${n}`).join('\n')}\n`;
    const wide = readImportCsv(many) as Exclude<ReturnType<typeof readImportCsv>, { problem: string }>;
    const vocabulary = fileVocabulary(wide.rows, guessMapping(wide.headers), today);
    expect(choiceProblems(vocabulary, importChoices(vocabulary, {}, readImportMemory(null)))).toEqual(['The plan column holds 45 different values: choose the column that holds the plan.']);
  });
});

describe('yearAfter', () => {
  it('runs a year on, 29 February to 28 February', () => {
    expect(yearAfter('2024-05-01')).toBe('2025-05-01');
    expect(yearAfter('2024-02-29')).toBe('2025-02-28');
  });
});

describe('checkImportRows', () => {
  const header = 'Name,Email,Plan,Joined on,Expires on,Amount paid,Payment method,Payment date\n';

  it('turns a good row into a record: an annual member a year from joining, a life member never expiring', () => {
    const rows = check(`${header}Nimal Perera,Nimal@Example.org,Annual,2025-03-01,,50,cheque,2025-03-02\nAsha de Silva,asha@example.org,life,2020-01-10,2021-01-10,,,\n`);
    expect(rows[0]).toEqual({
      row: 2,
      email: 'nimal@example.org',
      name: 'Nimal Perera',
      action: 'create',
      problems: [],
      remarks: [],
      record: expect.objectContaining({
        firstName: 'Nimal',
        lastName: 'Perera',
        plan: 'annual',
        joinedOn: '2025-03-01',
        expiresOn: '2026-03-01',
        payment: { amountCents: 5000, method: 'cheque', receivedOn: '2025-03-02' },
      }),
    });
    expect(rows[1]).toMatchObject({ row: 3, action: 'create', record: { firstName: 'Asha de', lastName: 'Silva', plan: 'life', expiresOn: null, payment: null } });
  });

  it('names each problem with its row number', () => {
    const rows = check(
      `${header}A One,not-an-email,annual,2025-01-01,,,,\nB Two,b@example.org,gold,2025-01-01,,,,\nC Three,c@example.org,annual,2025-05-01,2025-04-01,,,\nD Four,d@example.org,annual,2025-01-01,,fifty,cheque,\nE Five,e@example.org,annual,2025-01-01,,50,bitcoin,\nF Six,f@example.org,annual,2025-02-30,,,,\n`,
    );
    expect(rows.map((row) => [row.row, row.action, row.problems])).toEqual([
      [2, 'skip', ['“not-an-email” is not an email address.']],
      [3, 'skip', ['Plan “gold”: choose what it means under “Plans in the file”.']],
      [4, 'skip', ['Expires on (April 1, 2025) is before joined on (May 1, 2025).']],
      [5, 'skip', ['Amount paid “fifty” is not an amount like 50, 50.00 or 50,00.']],
      [6, 'skip', ['Payment method “bitcoin”: choose what it means under “Payment methods in the file”.']],
      [7, 'skip', ['Joined on “2025-02-30” is not a real date.']],
    ]);
  });

  it('takes the page’s meaning for a word: a plan, a method, or leaving rows or payments out', () => {
    const csv = `${header}A One,a@example.org,Student,2025-01-01,,25,Venmo,\nB Two,b@example.org,Honorary,2025-01-01,,,,\n`;
    const rows = check(csv, none, { plans: { student: 'annual', honorary: 'skip' }, methods: { venmo: 'none' } });
    expect(rows.map((row) => [row.action, row.problems, row.remarks])).toEqual([
      ['create', [], ['The $25.00 paid is left out, as chosen for “Venmo”.']],
      ['skip', ['Plan “Honorary” is left out, as chosen.'], []],
    ]);
    expect(rows[0]!.record).toMatchObject({ plan: 'annual', payment: null });
    const paid = check(csv, none, { plans: { student: 'annual' }, methods: { venmo: 'e_transfer' } });
    expect(paid[0]!.record!.payment).toEqual({ amountCents: 2500, method: 'e_transfer', receivedOn: '2025-01-01' });
  });

  it('invents no value: no joined date is no "member since", a payment without a date is left out, an annual membership needs a date', () => {
    const rows = check(
      'Name,Email,Plan,Expires on,Amount paid,Payment method\nA One,a@example.org,annual,2024-04-05,$40,Bank transfer\nB Two,b@example.org,life,,500,Cash\nC Three,c@example.org,annual,,50,Cash\n',
    );
    expect(rows.map((row) => [row.action, row.problems, row.remarks])).toEqual([
      ['create', [], ['The $40.00 paid is left out: the file gives no payment date and no joined date.']],
      ['create', [], ['The $500.00 paid is left out: the file gives no payment date and no joined date.']],
      ['skip', ['An annual membership needs the day it expires or the day it began: the file gives neither.'], []],
    ]);
    expect(rows[0]!.record).toMatchObject({ joinedOn: null, expiresOn: '2024-04-05', payment: null });
    expect(rows[1]!.record).toMatchObject({ joinedOn: null, expiresOn: null, payment: null });
  });

  it('names a repeated email as a repeat of its first row, even when that row has other problems', () => {
    const rows = check(`${header}A One,a@example.org,annual,2025-02-30,,,,\n\nA Again,A@example.org,life,2024-01-01,,,,\nB Two,b@example.org,life,,,,\n`);
    expect(rows.map((row) => [row.row, row.action, row.problems])).toEqual([
      [2, 'skip', ['Joined on “2025-02-30” is not a real date.']],
      [4, 'skip', ['The email a@example.org is repeated: row 2 has it first.']],
      [5, 'create', []],
    ]);
  });

  it('skips members already in the database and updates accounts without a membership', () => {
    const rows = check(`${header}A One,a@example.org,annual,2025-01-01,,,,\nB Two,b@example.org,annual,2025-01-01,,,,\n`, {
      accounts: new Set(['a@example.org', 'b@example.org']),
      members: new Set(['a@example.org']),
    });
    expect(rows.map((row) => [row.action, row.problems])).toEqual([
      ['skip', ['a@example.org is already a member.']],
      ['update', []],
    ]);
  });

  it('refuses dates in the future and years that are not years', () => {
    const rows = check(`Name,Email,Plan,Joined on,O/L year\nA One,a@example.org,annual,2099-01-01,19x8\n`);
    expect(rows[0]!.problems).toEqual(['The O/L year “19x8” is not a year.', 'Joined on (January 1, 2099) is in the future.']);
  });

  it('reads the amounts and dates of a day-first file with its own words', () => {
    const rows = check(
      'Name;Email;Membership;Member since;Valid until;Paid;Method\nA One;a@example.org;Yearly;31/01/2024;31/01/2025;50,00;Interac e-Transfer\nB Two;b@example.org;Lifetime;17/11/2018;;$500;PayPal\n',
    );
    expect(rows.map((row) => row.record)).toMatchObject([
      { plan: 'annual', joinedOn: '2024-01-31', expiresOn: '2025-01-31', payment: { amountCents: 5000, method: 'e_transfer', receivedOn: '2024-01-31' } },
      { plan: 'life', joinedOn: '2018-11-17', expiresOn: null, payment: { amountCents: 50000, method: 'paypal', receivedOn: '2018-11-17' } },
    ]);
  });
});
