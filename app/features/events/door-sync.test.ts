import { describe, expect, it } from 'vitest';
import people from '../../../tests/fixtures/real-input/people.json';
import { checkLocally, decideScan, doorCounts, findDoorTicket, foldName, inScanOrder, scanTime, searchDoorList, type DoorTicket } from './door-sync';

const at = (time: string) => new Date(`2026-06-01T${time}:00Z`);

const ticket = (overrides: Partial<DoorTicket>): DoorTicket => ({
  id: 1,
  code: 'K7QXW3MD',
  qrValue: 'PPA1:K7QXW3MD:abcdefghijklmnopqrstuv',
  orderId: '00000000-0000-4000-8000-000000000001',
  name: 'Ann Perera',
  tier: 'Dinner',
  status: 'valid',
  checkedInAt: null,
  answers: [],
  ...overrides,
});

describe('decideScan: the earliest scan is the check-in', () => {
  it('checks in a valid ticket at the time it was scanned', () => {
    expect(decideScan({ status: 'valid', checkedInAt: null }, at('19:00'))).toEqual({ outcome: 'first', checkedInAt: at('19:00'), displaces: false });
  });
  it('makes a later scan of a checked-in ticket a duplicate of the first', () => {
    expect(decideScan({ status: 'checked_in', checkedInAt: at('19:00') }, at('19:05'))).toEqual({ outcome: 'duplicate', firstAt: at('19:00') });
  });
  it('keeps the recorded check-in on a tie', () => {
    expect(decideScan({ status: 'checked_in', checkedInAt: at('19:00') }, at('19:00'))).toEqual({ outcome: 'duplicate', firstAt: at('19:00') });
  });
  it('lets an earlier scan synced later take the check-in over', () => {
    expect(decideScan({ status: 'checked_in', checkedInAt: at('19:05') }, at('19:00'))).toEqual({ outcome: 'first', checkedInAt: at('19:00'), displaces: true });
  });
  it('refuses tickets that admit no one, saying why', () => {
    expect(decideScan({ status: 'cancelled', checkedInAt: null }, at('19:00'))).toEqual({ outcome: 'refused', reason: 'This ticket was cancelled.' });
    expect(decideScan({ status: 'released', checkedInAt: null }, at('19:00'))).toEqual({ outcome: 'refused', reason: 'This ticket was cancelled.' });
    expect(decideScan({ status: 'held', checkedInAt: null }, at('19:00'))).toEqual({ outcome: 'refused', reason: 'This ticket has not been paid for.' });
  });
});

describe('scan times and order', () => {
  it('counts a scan between the download of its list and its arrival (a phone clock ahead or behind, a forged time)', () => {
    expect(scanTime(at('21:00'), at('20:00'), at('18:00'))).toEqual(at('20:00'));
    expect(scanTime(at('19:00'), at('20:00'), at('18:00'))).toEqual(at('19:00'));
    // Never before the list it was checked against was downloaded: a clock behind, or a forged early scan.
    expect(scanTime(at('17:00'), at('20:00'), at('18:00'))).toEqual(at('18:00'));
    expect(scanTime(new Date('2020-01-01T00:00:00Z'), at('20:00'), at('18:00'))).toEqual(at('18:00'));
    expect(scanTime(new Date('2099-01-01T00:00:00Z'), at('20:00'), at('18:00'))).toEqual(at('20:00'));
    // A scan that names no list (or a list not signed by the server) counts when it arrives.
    expect(scanTime(at('19:00'), at('20:00'), null)).toEqual(at('20:00'));
  });
  it('applies scans by time, then by id, whatever order they came in', () => {
    const scans = [
      { id: 'c', scannedAt: at('19:02') },
      { id: 'b', scannedAt: at('19:01') },
      { id: 'a', scannedAt: at('19:02') },
    ];
    expect(inScanOrder(scans).map((scan) => scan.id)).toEqual(['b', 'a', 'c']);
    expect(scans.map((scan) => scan.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('the phone’s own check', () => {
  const list = [
    ticket({}),
    ticket({ id: 2, code: 'ABCDEFGH', qrValue: 'PPA1:ABCDEFGH:zzzzzzzzzzzzzzzzzzzzzz', name: 'Bo Silva', status: 'checked_in', checkedInAt: '2026-06-01T18:55:00.000Z' }),
    ticket({ id: 3, code: 'HJKMNPQR', qrValue: 'PPA1:HJKMNPQR:yyyyyyyyyyyyyyyyyyyyyy', name: 'Chamari Dias', status: 'cancelled' }),
  ];

  it('finds a ticket by its exact QR value or its typed code, in any case and with the dash', () => {
    expect(findDoorTicket(list, 'PPA1:K7QXW3MD:abcdefghijklmnopqrstuv')?.id).toBe(1);
    expect(findDoorTicket(list, ' k7qx-w3md ')?.id).toBe(1);
    expect(findDoorTicket(list, 'K7QX W3MD')?.id).toBe(1);
  });
  it('finds nothing for a forged or altered QR value, or a code not on the list', () => {
    expect(findDoorTicket(list, 'PPA1:K7QXW3MD:abcdefghijklmnopqrstuw')).toBeNull();
    expect(findDoorTicket(list, 'ZZZZZZZZ')).toBeNull();
    expect(findDoorTicket(list, '')).toBeNull();
  });
  it('answers green, amber (on this phone, or before the download) and red', () => {
    expect(checkLocally(list, new Map(), 'K7QXW3MD')).toMatchObject({ result: 'valid', ticket: { id: 1 } });
    expect(checkLocally(list, new Map([[1, '2026-06-01T19:00:00.000Z']]), 'K7QXW3MD')).toMatchObject({ result: 'already', onThisPhone: true, at: '2026-06-01T19:00:00.000Z' });
    expect(checkLocally(list, new Map(), 'ABCD-EFGH')).toMatchObject({ result: 'already', onThisPhone: false, at: '2026-06-01T18:55:00.000Z' });
    expect(checkLocally(list, new Map(), 'HJKMNPQR')).toMatchObject({ result: 'not-valid', reason: 'This ticket was cancelled.' });
    expect(checkLocally(list, new Map(), 'PPA1:HJKMNPQR:forgedforgedforgedforg')).toEqual({ result: 'not-for-event' });
  });
  it('looks people up by every word of the name, accents aside, or by code', () => {
    const named = [...list, ticket({ id: 4, code: 'QRSTUVWX', name: 'Anne Pérez' })];
    expect(searchDoorList(named, 'per').map((found) => found.id)).toEqual([1, 4]);
    expect(searchDoorList(named, 'anne pere').map((found) => found.id)).toEqual([4]);
    expect(searchDoorList(named, 'abcd').map((found) => found.id)).toEqual([2]);
    expect(searchDoorList(named, '   ')).toEqual([]);
    expect(searchDoorList(named, 'a', 2)).toHaveLength(2);
  });
});

describe('finding people by name as they are typed at the door', () => {
  const named = (names: string[]) => names.map((name, index) => ticket({ id: index + 1, code: `CODE${String(index).padStart(4, '0')}`, name }));
  const found = (list: DoorTicket[], query: string) => searchDoorList(list, query).map((one) => one.name);
  const real = (note: string) => people.find((person) => person.note.startsWith(note))!.name;

  it('folds accents and case: "therese" finds Thérèse, "zoe muller" Zoë Müller-Ñoño, "lukasz" Łukasz', () => {
    const list = named(['Thérèse Jayasuriya', real('accented Latin'), real('Latin Extended-A'), 'Teresa Silva']);
    expect(found(list, 'therese')).toEqual(['Thérèse Jayasuriya']);
    expect(found(list, 'THÉRÈSE')).toEqual(['Thérèse Jayasuriya']);
    // Typed on a keyboard that writes the accent as its own mark (NFD).
    expect(found(list, 'The\u0301re\u0300se')).toEqual(['Thérèse Jayasuriya']);
    expect(found(list, 'zoe muller')).toEqual(['Zoë Müller-Ñoño']);
    expect(found(list, 'nono')).toEqual(['Zoë Müller-Ñoño']);
    expect(found(list, 'lukasz')).toEqual(['Łukasz Dąbrowski']);
    expect(found(list, 'dabrowski')).toEqual(['Łukasz Dąbrowski']);
  });

  it('finds O’Brien with a straight or a curly apostrophe, or none', () => {
    const list = named([real('apostrophe'), 'Brienne Obeyesekere']);
    expect(found(list, "o'brien")).toEqual(["O'Brien, Seán"]);
    expect(found(list, 'o’brien')).toEqual(["O'Brien, Seán"]);
    expect(found(list, 'obrien sean')).toEqual(["O'Brien, Seán"]);
  });

  it('keeps the vowel signs of Tamil and Sinhala: part of a name finds that name, not others with the same consonants', () => {
    const list = named([real('Tamil'), 'சில்வியா பெர்னாண்டோ', real('Sinhala'), 'පරාක්‍රම බණ්ඩාර']);
    expect(found(list, 'செல்வ')).toEqual(['செல்வராஜா கந்தசாமி']);
    expect(found(list, 'கந்தசாமி')).toEqual(['செல்வராஜா கந்தசாமி']);
    expect(found(list, 'சில்')).toEqual(['சில்வியா பெர்னாண்டோ']);
    expect(found(list, 'පෙරේ')).toEqual(['සමන් කුමාර පෙරේරා']);
    expect(found(list, 'සමන්')).toEqual(['සමන් කුමාර පෙරේරා']);
    expect(foldName('செல்வராஜா')).toBe('செல்வராஜா'.normalize('NFD'));
  });

  it('ignores the zero-width joiner of a Sinhala conjunct, typed or not', () => {
    const list = named(['ශ්\u200dරී ලාල් ප්\u200dරනාන්දු', 'ශරත් කුමාර']);
    expect(found(list, 'ශ්රී')).toEqual(['ශ්\u200dරී ලාල් ප්\u200dරනාන්දු']);
    expect(found(list, 'ප්\u200dරනා')).toEqual(['ශ්\u200dරී ලාල් ප්\u200dරනාන්දු']);
  });

  it('finds a ticket by its code as printed, with the dash', () => {
    const list = [ticket({ id: 1, code: 'K7QXW3MD' }), ticket({ id: 2, code: 'ABCDEFGH', name: 'Bo Silva' })];
    expect(searchDoorList(list, 'k7qx-w3md').map((one) => one.id)).toEqual([1]);
  });
});

describe('doorCounts: checked in per tier as the phone knows it', () => {
  const tiers = [
    { id: 10, name: 'Dinner' },
    { id: 11, name: 'Student' },
    { id: 12, name: 'Sponsor table' },
  ];
  const list = [
    ticket({ id: 1, tierId: 10, status: 'checked_in', checkedInAt: '2026-06-01T18:00:00.000Z' }),
    ticket({ id: 2, tierId: 10 }),
    ticket({ id: 3, tierId: 10 }),
    ticket({ id: 4, tierId: 10, status: 'cancelled' }),
    ticket({ id: 5, tierId: 11 }),
  ];

  it('counts valid and checked-in tickets as sold, cancelled ones not, and every tier even without sales', () => {
    expect(doorCounts(tiers, list, new Set())).toEqual([
      { tierId: 10, name: 'Dinner', sold: 3, checkedIn: 1 },
      { tierId: 11, name: 'Student', sold: 1, checkedIn: 0 },
      { tierId: 12, name: 'Sponsor table', sold: 0, checkedIn: 0 },
    ]);
  });

  it('adds the check-ins waiting on this phone, once each, and never a cancelled ticket', () => {
    expect(doorCounts(tiers, list, new Set([1, 2, 4, 5]))).toEqual([
      { tierId: 10, name: 'Dinner', sold: 3, checkedIn: 2 },
      { tierId: 11, name: 'Student', sold: 1, checkedIn: 1 },
      { tierId: 12, name: 'Sponsor table', sold: 0, checkedIn: 0 },
    ]);
  });
});
