import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { mailOutbox } from '~/db/schema/outbox';
import { tickets, ticketTransfers } from '~/db/schema/tickets';
import { actorWith, refusalOf } from '../factories/actors';
import { createEvent } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { checkInTicket } from '~/features/events/check-in.server';
import { confirmPaidOrder, placeOrder } from '~/features/events/orders.server';
import { questionSchema } from '~/features/events/questions';
import { answersOfOrders, saveQuestion } from '~/features/events/questions.server';
import { PASSED_ON, transferTicket } from '~/features/events/ticket-transfer.server';
import { applyScans } from '~/features/events/door.server';

const database = setupTestDatabase();
const buyer = { name: 'Amara Perera', email: 'amara@example.org', userId: null };
const linkHolder = { id: null, email: 'amara@example.org (ticket link)' };

async function gala(startsAt = new Date(Date.now() + 30 * 86_400_000)) {
  return createEvent(database.db(), { title: 'Gala', startsAt, status: 'published', registrationKind: 'tickets' }, [
    { name: 'Dinner', priceCents: 0, quantityCap: 10 },
    { name: 'Paid', priceCents: 5000, quantityCap: 10 },
  ]);
}

describe('passing a ticket on', () => {
  it('renames the ticket, gives it a new code, retires the old one at the door, takes the new attendee’s answers, audits and mails', async () => {
    const event = await gala();
    const dietary = await saveQuestion(
      actorWith('editor'),
      event.id,
      null,
      questionSchema.parse({ label: 'Dietary needs', kind: 'choice', options: 'None\nVegetarian', required: 'on', scope: 'attendee', atDoor: 'on' }),
    );
    const table = await saveQuestion(actorWith('editor'), event.id, null, questionSchema.parse({ label: 'Table name', kind: 'text', scope: 'order' }));
    const {
      order,
      tickets: [first, second],
    } = await placeOrder({
      eventId: event.id,
      buyer,
      seats: [
        { tierId: event.tiers[0]!.id, attendeeName: 'Amara Perera' },
        { tierId: event.tiers[0]!.id, attendeeName: 'Kasun Perera' },
      ],
      isMember: false,
      answers: [
        { questionId: dietary.id, seatIndex: 0, value: 'None' },
        { questionId: dietary.id, seatIndex: 1, value: 'Vegetarian' },
        { questionId: table.id, seatIndex: null, value: 'Perera family' },
      ],
    });

    const passed = await transferTicket({
      orderId: order.id,
      ticketId: second!.id,
      attendeeName: 'Nuwan Silva',
      attendeeEmail: 'nuwan@example.org',
      // An answer to the order's question is not the attendee's: ignored.
      answers: [
        { questionId: dietary.id, value: 'None' },
        { questionId: table.id, value: 'Silva family' },
      ],
      by: linkHolder,
    });
    expect(passed).toMatchObject({ id: second!.id, attendeeName: 'Nuwan Silva', status: 'valid' });
    expect(passed.code).not.toBe(second!.code);
    expect(passed.qrValue).not.toBe(second!.qrValue);

    // The ticket's answers are now the new attendee's; the other attendee's and the order's stay.
    const answers = await answersOfOrders(event.id, [order.id]);
    expect(answers.byTicket.get(second!.id)?.map((answer) => answer.text)).toEqual(['None']);
    expect(answers.byTicket.get(first!.id)?.map((answer) => answer.text)).toEqual(['None']);
    expect(answers.byOrder.get(order.id)?.map((answer) => answer.text)).toEqual(['Perera family']);

    // At the door: the old code is named as passed on, admits no one; the new one admits Nuwan once.
    expect(await checkInTicket(event.id, second!.qrValue, 'door')).toMatchObject({ result: 'not-valid', reason: expect.stringMatching(/passed to someone else/) });
    expect(await checkInTicket(event.id, second!.code, 'door')).toMatchObject({ result: 'not-valid' });
    // A phone offline with the list from before the transfer admitted the old code: at sync it is refused as passed on.
    const [synced] = await applyScans(event.id, [{ id: randomUUID(), code: second!.qrValue, scannedAt: new Date(), deviceId: 'phone-a' }], 'door');
    expect(synced).toMatchObject({ result: 'refused', ticketId: second!.id, reason: PASSED_ON });
    expect(await checkInTicket(event.id, passed.qrValue, 'door')).toMatchObject({ result: 'valid', name: 'Nuwan Silva' });
    // An old code is not passed on at another event: there it is simply not for the event.
    const other = await gala();
    expect(await checkInTicket(other.id, second!.code, 'door')).toEqual({ result: 'not-for-event' });

    const [audit] = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.transfer'), eq(auditLog.entityId, String(second!.id))));
    expect(audit).toMatchObject({ actorEmail: linkHolder.email, entityId: String(second!.id), fromValue: 'Kasun Perera', toValue: 'Nuwan Silva' });

    const mails = await database.db().select().from(mailOutbox).where(eq(mailOutbox.recipient, 'nuwan@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your ticket for Gala/);
    expect(mails[0]!.text).toContain('Amara Perera has passed you a ticket for Gala');
    expect(mails[0]!.text).toContain("Amara Perera answered the event's questions for you: Dietary needs: None.");
    expect(mails[0]!.text).toContain(`${passed.code.slice(0, 4)}-${passed.code.slice(4)}`);
    // The new attendee gets the event's page, never the link that opens the buyer's whole order.
    expect(mails[0]!.text).not.toContain(`/tickets/${order.id}`);
    expect(mails[0]!.attachments?.map((attachment) => attachment.filename)).toEqual([`ticket-${passed.code}.png`, 'event.ics']);
  });

  it('refuses a transfer that leaves a required question of the attendee unanswered; nothing changes', async () => {
    const event = await gala();
    const dietary = await saveQuestion(
      actorWith('editor'),
      event.id,
      null,
      questionSchema.parse({ label: 'Dietary needs', kind: 'choice', options: 'None\nVegetarian\nHalal', required: 'on', scope: 'attendee', atDoor: 'on' }),
    );
    const {
      order,
      tickets: [ticket],
    } = await placeOrder({
      eventId: event.id,
      buyer,
      seats: [{ tierId: event.tiers[0]!.id, attendeeName: 'Kasun Perera' }],
      isMember: false,
      answers: [{ questionId: dietary.id, seatIndex: 0, value: 'Vegetarian' }],
    });
    const refusal = await refusalOf(() =>
      transferTicket({ orderId: order.id, ticketId: ticket!.id, attendeeName: 'செல்வராஜா கந்தசாமி', attendeeEmail: null, answers: [{ questionId: dietary.id, value: '' }], by: linkHolder }),
    );
    expect(refusal).toMatchObject({ code: 'bad_request', message: '“Dietary needs” needs an answer for செல்வராஜா கந்தசாமி.', field: `answers.q${dietary.id}` });
    const [row] = await database.db().select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(row).toMatchObject({ attendeeName: 'Kasun Perera', code: ticket!.code });
    expect((await answersOfOrders(event.id, [order.id])).byTicket.get(ticket!.id)?.map((answer) => answer.text)).toEqual(['Vegetarian']);
    expect(await database.db().select().from(ticketTransfers).where(eq(ticketTransfers.ticketId, ticket!.id))).toEqual([]);

    // A question only for another tier is not asked of this one.
    const paidOnly = await saveQuestion(
      actorWith('editor'),
      event.id,
      null,
      questionSchema.parse({ label: 'Wine', kind: 'yes_no', required: 'on', scope: 'attendee', tierIds: [String(event.tiers[1]!.id)] }),
    );
    const passed = await transferTicket({
      orderId: order.id,
      ticketId: ticket!.id,
      attendeeName: 'செல்வராஜா கந்தசாமி',
      attendeeEmail: null,
      answers: [
        { questionId: dietary.id, value: 'Halal' },
        { questionId: paidOnly.id, value: 'yes' },
      ],
      by: linkHolder,
    });
    expect(passed.attendeeName).toBe('செல்வராஜா கந்தசாமி');
    expect((await answersOfOrders(event.id, [order.id])).byTicket.get(ticket!.id)?.map((answer) => [answer.label, answer.text])).toEqual([['Dietary needs', 'Halal']]);
  });

  it('sends no mail without an address, and can pass a ticket again (each old code retired)', async () => {
    const event = await gala();
    const {
      order,
      tickets: [ticket],
    } = await placeOrder({ eventId: event.id, buyer, seats: [{ tierId: event.tiers[0]!.id, attendeeName: 'A' }], isMember: false });
    const queued = async () => (await database.db().select().from(mailOutbox)).length;
    const before = await queued();
    const once = await transferTicket({ orderId: order.id, ticketId: ticket!.id, attendeeName: 'B', attendeeEmail: null, by: linkHolder });
    const twice = await transferTicket({ orderId: order.id, ticketId: ticket!.id, attendeeName: 'C', attendeeEmail: null, by: linkHolder });
    expect(await queued()).toBe(before);
    for (const code of [ticket!.code, once.code]) expect(await checkInTicket(event.id, code, 'door')).toMatchObject({ result: 'not-valid', name: expect.any(String) });
    expect(await checkInTicket(event.id, twice.code, 'door')).toMatchObject({ result: 'valid', name: 'C' });
  });

  it('refuses used, unpaid and other orders’ tickets, and everything once the event has started; nothing changes', async () => {
    const startsAt = new Date(Date.now() + 86_400_000);
    const event = await gala(startsAt);
    const free = await placeOrder({
      eventId: event.id,
      buyer,
      seats: [
        { tierId: event.tiers[0]!.id, attendeeName: 'A' },
        { tierId: event.tiers[0]!.id, attendeeName: 'B' },
      ],
      isMember: false,
    });
    const unpaid = await placeOrder({ eventId: event.id, buyer, seats: [{ tierId: event.tiers[1]!.id, attendeeName: 'C' }], isMember: false });
    const pass = (orderId: string, ticketId: number, now?: Date) => transferTicket({ orderId, ticketId, attendeeName: 'New', attendeeEmail: null, by: linkHolder, now });

    expect((await refusalOf(() => pass(unpaid.order.id, unpaid.tickets[0]!.id))).message).toMatch(/paid or confirmed/);
    expect((await refusalOf(() => pass(free.order.id, unpaid.tickets[0]!.id))).code).toBe('not_found');
    await checkInTicket(event.id, free.tickets[0]!.code, 'door');
    expect((await refusalOf(() => pass(free.order.id, free.tickets[0]!.id))).message).toMatch(/already been used/);
    expect((await refusalOf(() => pass(free.order.id, free.tickets[1]!.id, startsAt))).message).toMatch(/event has started/);

    // A paid order once paid: its tickets may be passed.
    await database.db().transaction((tx) => confirmPaidOrder(tx, { orderId: unpaid.order.id, paidAt: new Date(), livemode: false }));
    expect((await pass(unpaid.order.id, unpaid.tickets[0]!.id)).attendeeName).toBe('New');

    const rows = await database.db().select().from(tickets).where(eq(tickets.orderId, free.order.id)).orderBy(tickets.id);
    expect(rows.map((row) => [row.attendeeName, row.code])).toEqual(free.tickets.map((ticket) => [ticket.attendeeName, ticket.code]));
  });
});
