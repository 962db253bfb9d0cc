import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvResponse, toCsv } from './csv';

const one = (value: string | number | null) => toCsv([{ value }], [{ header: 'h', value: (row) => row.value }]).split('\r\n')[1];

describe('toCsv', () => {
  it('quotes commas, quotes and new lines, and defuses formulas', () => {
    const csv = toCsv(
      [
        { name: 'Fernando, Anjali', note: 'said "hi"\nthen left', amount: 5000 },
        { name: '=HYPERLINK("x")', note: null, amount: -1 },
      ],
      [
        { header: 'name', value: (row) => row.name },
        { header: 'note', value: (row) => row.note },
        { header: 'amount', value: (row) => row.amount },
      ],
    );
    expect(csv).toBe('name,note,amount\r\n"Fernando, Anjali","said ""hi""\nthen left",5000\r\n"\'=HYPERLINK(""x"")",,\'-1\r\n');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', '"\'\t\'=1"'],
    ['\r=1', '"\'\r\'=1"'],
    // Split on another delimiter, every part is defused too.
    ['Perera;=cmd|"/c calc"!A1', '"Perera;\'=cmd|""/c calc""!A1"'],
    ['a; =1+1', '"a; \'=1+1"'],
    ['a\t@x', '"a\t\'@x"'],
    ['a|+1', '"a|\'+1"'],
    ['line\n=1', '"line\n\'=1"'],
    ['Smith, -5', '"Smith, \'-5"'],
  ])('defuses %j for every delimiter', (value, expected) => {
    expect(one(value)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    expect(one('Anjali Fernando')).toBe('Anjali Fernando');
    expect(one('anjali@example.org')).toBe('anjali@example.org');
    expect(one('$50.00')).toBe('$50.00');
    expect(one(5000)).toBe('5000');
  });

  it('writes what a CSV parser reads back: every row and cell, changed only by the apostrophes that defuse formulas', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '|', '"', "'", '\n', '\r', '\t', '=', '+', '-', '@', '1', 'é') });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (rows) => {
        const csv = toCsv(rows, [
          { header: 'first', value: (row) => row[0] },
          { header: 'second', value: (row) => row[1] },
        ]);
        const [header, ...read] = parse(csv) as string[][];
        expect(header).toEqual(['first', 'second']);
        expect(read).toHaveLength(rows.length);
        read.forEach((cells, index) => {
          expect(cells.map((cell) => cell.replaceAll("'", ''))).toEqual(rows[index]!.map((cell) => cell.replaceAll("'", '')));
          for (const cell of cells) {
            expect(cell).not.toMatch(/^[=+\-@\t\r]/);
            expect(cell).not.toMatch(/[,;|\t\r\n]\s*[=+\-@]/);
          }
        });
      }),
    );
  });
});

describe('csvResponse', () => {
  it('starts the file with UTF-8’s byte-order mark, once, so spreadsheets read every script', async () => {
    const csv = toCsv([{ name: 'Zoë Müller-Ñoño' }, { name: 'සමන් කුමාර පෙරේරා' }], [{ header: 'name', value: (row) => row.name }]);
    const bytes = Buffer.from(await csvResponse(csv, 'people').arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x6e]);
    expect(bytes.subarray(3).toString('utf8')).toBe(csv);
    expect(Buffer.from(await csvResponse(`\uFEFF${csv}`, 'people').arrayBuffer())).toEqual(bytes);
    expect(parse(bytes, { bom: true })).toEqual([['name'], ['Zoë Müller-Ñoño'], ['සමන් කුමාර පෙරේරා']]);
  });
});
