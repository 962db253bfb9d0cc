import { describe, expect, it } from 'vitest';
import { membershipApplicationSchema, splitFullName } from './membership.schema';

const today = new Date('2026-11-22T12:00:00Z');
const guest = membershipApplicationSchema({ signedIn: false, today });
const member = membershipApplicationSchema({ signedIn: true, today });
const valid = {
  membershipType: 'annual',
  firstName: 'Anjali',
  lastName: 'Fernando',
  email: 'anjali@example.org',
  password: 'long enough password',
  homeAddress: '12 Maple Road, Toronto',
};
/** The first message for each field, as the form shows it. */
const messagesOf = (result: ReturnType<typeof guest.safeParse>) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('membershipApplicationSchema', () => {
  it('accepts the required fields and turns empty optional ones into null', () => {
    expect(guest.parse({ ...valid, phoneNumber: '', olYear: '', alYear: '', studyStartDate: '', studyEndDate: '' })).toMatchObject({
      membershipType: 'annual',
      phoneNumber: null,
      olYear: null,
      alYear: null,
      studyStartDate: null,
      studyEndDate: null,
    });
    expect(guest.parse({ ...valid, olYear: '1994', alYear: '1997', studyStartDate: '1985-01-10', studyEndDate: '1997-12-01' })).toMatchObject({
      olYear: 1994,
      alYear: 1997,
    });
  });

  it('asks guests for email and password with the product’s message, and not signed-in members', () => {
    expect(messagesOf(guest.safeParse({ ...valid, email: '', password: '' }))).toEqual({
      email: 'Email and password are required to create an account.',
      password: 'Email and password are required to create an account.',
    });
    expect(member.safeParse({ ...valid, email: undefined, password: undefined }).success).toBe(true);
  });

  it('names each bad field and why', () => {
    expect(
      messagesOf(
        guest.safeParse({
          membershipType: 'gold',
          firstName: ' ',
          lastName: '',
          email: 'x',
          password: 'short',
          homeAddress: '',
          olYear: '1899',
          alYear: '2027',
          studyStartDate: '2020-02-30',
          studyEndDate: 'soon',
        }),
      ),
    ).toEqual({
      membershipType: 'Choose a membership plan.',
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Enter a valid email address.',
      password: 'Password must be at least 10 characters.',
      homeAddress: 'Home address is required.',
      olYear: 'O/L year must be a year from 1900 to 2026.',
      alYear: 'A/L year must be a year from 1900 to 2026.',
      studyStartDate: 'Study start date must be a valid date.',
      studyEndDate: 'Study end date must be a valid date.',
    });
  });

  it('refuses an end before the start, future dates and 10 KB strings', () => {
    expect(messagesOf(guest.safeParse({ ...valid, studyStartDate: '1990-01-01', studyEndDate: '1989-12-31' }))).toEqual({
      studyEndDate: 'Study end date cannot be before the start date.',
    });
    expect(messagesOf(guest.safeParse({ ...valid, studyStartDate: '2027-01-01' }))).toEqual({
      studyStartDate: 'Dates of study cannot be in the future.',
    });
    const huge = 'x'.repeat(10_240);
    expect(messagesOf(guest.safeParse({ ...valid, firstName: huge, lastName: huge, homeAddress: huge, phoneNumber: huge }))).toEqual({
      firstName: 'First name must be at most 80 characters.',
      lastName: 'Last name must be at most 80 characters.',
      homeAddress: 'Home address must be at most 500 characters.',
      phoneNumber: 'Telephone must be at most 40 characters.',
    });
  });
});

describe('splitFullName', () => {
  it('takes the last word as the last name', () => {
    expect(splitFullName('Anjali Fernando')).toEqual({ firstName: 'Anjali', lastName: 'Fernando' });
    expect(splitFullName('  Maria  de la  Cruz ')).toEqual({ firstName: 'Maria de la', lastName: 'Cruz' });
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });
  it('turns "Surname, Given" round and otherwise cuts at the last space', () => {
    expect(splitFullName("O'Brien, Seán")).toEqual({ firstName: 'Seán', lastName: "O'Brien" });
    expect(splitFullName('Asha  de Silva')).toEqual({ firstName: 'Asha de', lastName: 'Silva' });
    expect(splitFullName('செல்வராஜா கந்தசாமி')).toEqual({ firstName: 'செல்வராஜா', lastName: 'கந்தசாமி' });
    expect(splitFullName('A')).toEqual({ firstName: 'A', lastName: '' });
    expect(splitFullName('=HYPERLINK("http://x.example","click")')).toEqual({ firstName: '=HYPERLINK("http://x.example","click")', lastName: '' });
  });
});

describe('automatic renewal at joining', () => {
  it('is a checkbox, off unless ticked', () => {
    expect(member.parse(valid).autoRenew).toBe(false);
    expect(member.parse({ ...valid, autoRenew: 'on' }).autoRenew).toBe(true);
  });

  it('is refused for a life membership, which never expires', () => {
    expect(messagesOf(member.safeParse({ ...valid, membershipType: 'life', autoRenew: 'on' }))).toEqual({
      autoRenew: 'Automatic renewal is for the annual plan only: a life membership never expires.',
    });
    expect(member.safeParse({ ...valid, membershipType: 'life' }).success).toBe(true);
  });
});
