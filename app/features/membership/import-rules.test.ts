import { describe, expect, it } from 'vitest';
import { readImportCsv } from './import-csv.server';
import { checkImportRows, guessMapping, mappingByHeader, mappingProblems, parseImportDate, yearAfter, type ExistingPeople } from './import-rules';

const none: ExistingPeople = { accounts: new Set(), members: new Set() };
const today = '2025-06-15';

function check(csv: string, existing: ExistingPeople = none) {
  const file = readImportCsv(csv);
  if ('problem' in file) throw new Error(file.problem);
  return checkImportRows(file.rows, guessMapping(file.headers), existing, today);
}

describe('readImportCsv', () => {
  it('reads a spreadsheet export with a byte-order mark, quotes and semicolons', () => {
    const file = readImportCsv('\uFEFFName;Email;Plan\r\n"Perera, Nimal";nimal@example.org;annual\r\n');
    expect(file).toEqual({ headers: ['Name', 'Email', 'Plan'], rows: [['Perera, Nimal', 'nimal@example.org', 'annual']] });
  });

  it('names an empty file, a header without rows and an unreadable one', () => {
    expect(readImportCsv('')).toEqual({ problem: expect.stringContaining('empty') });
    expect(readImportCsv('Name,Email\r\n\r\n')).toEqual({ problem: expect.stringContaining('no members') });
    expect(readImportCsv('Name,Email\n"unterminated,x\n')).toEqual({ problem: expect.stringContaining('not a CSV') });
  });
});

describe('guessMapping', () => {
  it('matches headers by their usual spellings', () => {
    const headers = ['Full Name', 'E-mail', 'Mobile', 'O/L', 'A/L Year', 'Membership Type', 'Member since', 'Expiry', 'Amount', 'Paid by', 'Date paid', 'Remarks'];
    expect(guessMapping(headers)).toEqual({ name: 0, email: 1, phone: 2, olYear: 3, alYear: 4, plan: 5, joinedOn: 6, expiresOn: 7, amountPaid: 8, paymentMethod: 9, paymentDate: 10, notes: 11 });
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

describe('dates', () => {
  it('reads ISO and year-first slashed days, and refuses impossible ones', () => {
    expect(parseImportDate('2024-05-01')).toBe('2024-05-01');
    expect(parseImportDate('2024/5/1')).toBe('2024-05-01');
    expect(parseImportDate('2024-02-30')).toBeNull();
    expect(parseImportDate('05/01/2024')).toBeNull();
  });

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
      action: 'create',
      problems: [],
      record: expect.objectContaining({ firstName: 'Nimal', lastName: 'Perera', plan: 'annual', joinedOn: '2025-03-01', expiresOn: '2026-03-01', payment: { amountCents: 5000, method: 'cheque', receivedOn: '2025-03-02' } }),
    });
    expect(rows[1]).toMatchObject({ row: 3, action: 'create', record: { firstName: 'Asha de', lastName: 'Silva', plan: 'life', expiresOn: null, payment: null } });
  });

  it('names each problem with its row number', () => {
    const rows = check(
      `${header}A One,not-an-email,annual,2025-01-01,,,,\nB Two,b@example.org,gold,2025-01-01,,,,\nC Three,c@example.org,annual,2025-05-01,2025-04-01,,,\nD Four,d@example.org,annual,2025-01-01,,fifty,cheque,\nE Five,e@example.org,annual,2025-01-01,,50,bitcoin,\n`,
    );
    expect(rows.map((row) => [row.row, row.action, row.problems])).toEqual([
      [2, 'skip', ['“not-an-email” is not an email address.']],
      [3, 'skip', ['Unknown plan “gold”: use annual or life.']],
      [4, 'skip', ['Expires on (2025-04-01) is before joined on (2025-05-01).']],
      [5, 'skip', [expect.stringContaining('Amount paid “fifty”')]],
      [6, 'skip', [expect.stringContaining('Unknown payment method “bitcoin”')]],
    ]);
  });

  it('takes the first row of a repeated email and reports the later ones; blank lines keep the numbering', () => {
    const rows = check(`${header}A One,a@example.org,annual,,,,,\n\nA Again,A@example.org,life,,,,,\nB Two,b@example.org,life,,,,,\n`);
    expect(rows.map((row) => [row.row, row.action, row.problems])).toEqual([
      [2, 'create', []],
      [4, 'skip', ['The email a@example.org is repeated: row 2 is taken.']],
      [5, 'create', []],
    ]);
    expect(rows[0]!.record).toMatchObject({ joinedOn: today, expiresOn: '2026-06-15' });
  });

  it('takes a later row when the first of its email was faulty', () => {
    const rows = check(`${header}A One,a@example.org,gold,,,,,\nA One,a@example.org,annual,,,,,\n`);
    expect(rows.map((row) => row.action)).toEqual(['skip', 'create']);
  });

  it('skips members already in the database and updates accounts without a membership', () => {
    const rows = check(`${header}A One,a@example.org,annual,,,,,\nB Two,b@example.org,annual,,,,,\n`, { accounts: new Set(['a@example.org', 'b@example.org']), members: new Set(['a@example.org']) });
    expect(rows.map((row) => [row.action, row.problems])).toEqual([
      ['skip', ['a@example.org is already a member.']],
      ['update', []],
    ]);
  });

  it('refuses dates in the future and years that are not years', () => {
    const rows = check(`Name,Email,Plan,Joined on,O/L year\nA One,a@example.org,annual,2099-01-01,19x8\n`);
    expect(rows[0]!.problems).toEqual(['The O/L year “19x8” is not a year.', 'Joined on is in the future.']);
  });
});
