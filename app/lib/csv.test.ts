import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

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
});
