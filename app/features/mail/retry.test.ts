import { describe, expect, it } from 'vitest';
import { afterFailure, describeFailure, isPermanentRefusal, MAX_ATTEMPTS, retryDelayMs } from './retry';

const minutes = (ms: number) => ms / 60_000;
const now = new Date('2027-03-14T12:00:00Z');

describe('retryDelayMs', () => {
  it('waits 1, 5, 15 minutes, an hour, 4 hours, then 12 hours between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => minutes(retryDelayMs(attempts)))).toEqual([1, 5, 15, 60, 240, 720, 720, 720]);
  });

  it('never waits less than a minute, whatever it is given', () => {
    expect(minutes(retryDelayMs(0))).toBe(1);
    expect(minutes(retryDelayMs(-3))).toBe(1);
  });
});

describe('afterFailure', () => {
  const offline = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET', command: 'CONN' });

  it('tries a passing failure again after the delay of its attempt', () => {
    expect(afterFailure(offline, 1, now)).toEqual({ status: 'pending', nextAttemptAt: new Date('2027-03-14T12:01:00Z') });
    expect(afterFailure(offline, 4, now)).toEqual({ status: 'pending', nextAttemptAt: new Date('2027-03-14T13:00:00Z') });
  });

  it('gives up after MAX_ATTEMPTS', () => {
    expect(afterFailure(offline, MAX_ATTEMPTS - 1, now).status).toBe('pending');
    expect(afterFailure(offline, MAX_ATTEMPTS, now)).toEqual({ status: 'failed' });
  });

  it('ends at once when the mail server refuses the message or its recipient for good', () => {
    const noSuchUser = Object.assign(new Error("Can't send mail - all recipients were rejected"), { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' });
    expect(afterFailure(noSuchUser, 1, now)).toEqual({ status: 'failed' });
    expect(isPermanentRefusal(Object.assign(new Error('Message rejected'), { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }))).toBe(true);
  });

  it('keeps trying through a 4xx, and through refusals of the site’s own settings (sign-in, greeting)', () => {
    expect(isPermanentRefusal(Object.assign(new Error('Try again later'), { responseCode: 451, command: 'DATA' }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('Service not available'), { code: 'EPROTOCOL', responseCode: 554, command: 'CONN' }))).toBe(false);
    expect(isPermanentRefusal(new Error('boom'))).toBe(false);
    expect(isPermanentRefusal(undefined)).toBe(false);
  });
});

describe('describeFailure', () => {
  it('keeps the mail server’s words without the addresses they quote', () => {
    const error = Object.assign(new Error('rejected'), { response: '550 5.1.1 <ann.perera@example.org>: Recipient address rejected', code: 'EENVELOPE' });
    expect(describeFailure(error)).toBe('EENVELOPE: 550 5.1.1 <address>: Recipient address rejected');
    expect(describeFailure(new Error('Mail to bob@example.org\nfailed'))).toBe('Mail to <address> failed');
  });

  it('is one short line', () => {
    expect(describeFailure(new Error('x'.repeat(1000))).length).toBe(300);
  });
});
