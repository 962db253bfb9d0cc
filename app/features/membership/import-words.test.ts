import { describe, expect, it } from 'vitest';
import { chooseWords, knownMethod, knownPlan, parseImportAmount, WordCounter, wordKey } from './import-words';

describe('words', () => {
  it('keys a word the same however it is cased or punctuated, in any script', () => {
    expect(wordKey('Life Member')).toBe(wordKey('LIFE-MEMBER'));
    expect(wordKey(' e-Transfer ')).toBe('etransfer');
    expect(wordKey('ஆயுள்')).toBe('ஆயுள்');
  });

  it('knows the usual plan and payment words', () => {
    expect(['Yearly', 'annual', 'Annual Membership'].map((word) => knownPlan(wordKey(word)))).toEqual(['annual', 'annual', 'annual']);
    expect(['Lifetime', 'Life Member', 'LIFE'].map((word) => knownPlan(wordKey(word)))).toEqual(['life', 'life', 'life']);
    expect(knownPlan(wordKey('Student'))).toBeNull();
    expect(['e-Transfer', 'Interac e-Transfer', 'Interac', 'Credit card', 'card', 'PayPal', 'Cheque', 'check', 'Cash', 'Bank transfer', 'Venmo'].map((word) => knownMethod(wordKey(word)))).toEqual([
      'e_transfer',
      'e_transfer',
      'e_transfer',
      'card',
      'card',
      'paypal',
      'cheque',
      'cheque',
      'cash',
      'bank_transfer',
      null,
    ]);
  });

  it('counts a column’s words with their spellings, in the file’s order', () => {
    const counter = new WordCounter();
    for (const word of ['Yearly', 'Lifetime', 'yearly', 'Yearly', 'Student']) counter.add(word);
    expect(counter.list()).toEqual([
      { key: 'yearly', spellings: ['Yearly', 'yearly'], rows: 3 },
      { key: 'lifetime', spellings: ['Lifetime'], rows: 1 },
      { key: 'student', spellings: ['Student'], rows: 1 },
    ]);
  });

  it('takes the posted meaning, else the remembered one, else the usual one; an unknown word stays unchosen', () => {
    const words = ['yearly', 'student', 'lifetime', 'honorary'].map((key) => ({ key, spellings: [key], rows: 1 }));
    expect(chooseWords(words, { yearly: 'life' }, { student: 'annual', yearly: 'skip' }, knownPlan)).toEqual({ yearly: 'life', student: 'annual', lifetime: 'life' });
  });
});

describe('parseImportAmount', () => {
  it('reads amounts as spreadsheets write them', () => {
    const cases: [string, number][] = [
      ['50', 5000],
      ['$50.00', 5000],
      ['$40', 4000],
      ['50,00', 5000],
      ['50,5', 5050],
      ['$1,250.00', 125000],
      ['1,250', 125000],
      ['1.250,00', 125000],
      ['CA$ 50', 5000],
      ['50 CAD', 5000],
      ['USD 25.5', 2550],
      ['0', 0],
    ];
    for (const [text, cents] of cases) expect([text, parseImportAmount(text)]).toEqual([text, { cents }]);
  });

  it('refuses what it would have to guess', () => {
    for (const text of ['fifty', '-50', '1.250', '50.001', '$', '12,34,56', '9999999999']) expect([text, parseImportAmount(text)]).toEqual([text, { problem: 'not-an-amount' }]);
  });
});
