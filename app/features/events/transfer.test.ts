import { describe, expect, it } from 'vitest';
import { transferRefusal, transferSchema } from './transfer';

const startsAt = new Date('2026-12-05T23:00:00Z');
const before = new Date('2026-12-05T22:59:59Z');

describe('which tickets may be passed on', () => {
  it('passes a valid ticket of a confirmed order until the event starts, not from its start', () => {
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, before)).toBeNull();
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, startsAt)).toMatch(/event has started/);
    expect(transferRefusal({ status: 'valid', orderStatus: 'confirmed' }, { startsAt }, new Date('2026-12-06T01:00:00Z'))).toMatch(/event has started/);
  });

  it('refuses tickets already used, cancelled, held or released, and orders not confirmed', () => {
    expect(transferRefusal({ status: 'checked_in', orderStatus: 'confirmed' }, { startsAt }, before)).toMatch(/already been used/);
    for (const status of ['cancelled', 'released', 'held']) expect(transferRefusal({ status, orderStatus: 'confirmed' }, { startsAt }, before)).toMatch(/no longer valid/);
    for (const orderStatus of ['pending_payment', 'cancelled', 'expired']) expect(transferRefusal({ status: 'valid', orderStatus }, { startsAt }, before)).toMatch(/paid or confirmed/);
  });
});

describe('the form to pass a ticket on', () => {
  it('wants a name, takes an optional email, and names the problem under the field', () => {
    expect(transferSchema.parse({ intent: 'transfer', ticketId: '7', attendeeName: '  Nuwan Silva ', attendeeEmail: '' })).toEqual({ intent: 'transfer', ticketId: 7, attendeeName: 'Nuwan Silva', attendeeEmail: null });
    expect(transferSchema.parse({ intent: 'transfer', ticketId: '7', attendeeName: 'Nuwan', attendeeEmail: 'nuwan@example.org' }).attendeeEmail).toBe('nuwan@example.org');
    const refused = transferSchema.safeParse({ intent: 'transfer', ticketId: '7', attendeeName: ' ', attendeeEmail: 'not-an-address' });
    expect(refused.success).toBe(false);
    const fields = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toEqual({ attendeeName: 'New attendee name is required.', attendeeEmail: 'Enter a valid email address.' });
    expect(transferSchema.parse({ intent: 'transfer', ticketId: 'x', attendeeName: 'A' }).ticketId).toBeNull();
  });
});
