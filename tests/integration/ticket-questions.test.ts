/**
 * Registration questions through the routes (docs/product.md#tickets): the editor adds them, the
 * order page asks them (refusing bad answers, keeping what was typed), and the answers show in the
 * attendees CSV, on the ticket page and at the door. A ticket passed on asks them again for the new
 * attendee (docs/product.md#passing-a-ticket-on): the door and the committee see the new answers.
 */
import { and, eq } from 'drizzle-orm';
import { auditLog } from '~/db/schema/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '~/db/schema/content';
import { ticketAnswers, ticketOrders, tickets } from '~/db/schema/tickets';
import { listAttendees } from '~/features/events/attendees.server';
import { checkInTicket } from '~/features/events/check-in.server';
import { placeOrder } from '~/features/events/orders.server';
import { listQuestions } from '~/features/events/questions.server';
import { action as editorAction, loader as editorLoader } from '~/routes/admin/content/event-editor';
import { loader as attendeesCsvLoader } from '~/routes/admin/content/attendees-csv';
import { action as orderAction, loader as orderLoader } from '~/routes/_site/events.$id.order';
import { action as ticketsAction, loader as ticketsLoader } from '~/routes/_site/tickets.$orderId';
import { ticketOrderPath } from '~/features/events/ticket-codes.server';
import { createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import people from '../fixtures/real-input/people.json';
import { setupTestDatabase } from '../setup/database';
import { outboxRowsTo } from '../setup/mail-delivery';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let editorCookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  editorCookie = (await createSignedInAccount(database.db(), { email: 'words@example.org', role: 'editor', name: 'Words' })).cookie;
});

type Reply = { init: ResponseInit; data: { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } } };

async function gala() {
  return createEvent(database.db(), { title: 'Reunion Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
    { name: 'Dinner', priceCents: 0, quantityCap: 50 },
    { name: 'Children', priceCents: 0, quantityCap: 20 },
  ]);
}

const editorPost = (eventId: number, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return editorAction(postArgs(`/admin/content/events/${eventId}`, body, { cookie: editorCookie }, { id: String(eventId) }));
};

describe('registration questions, end to end through the routes', () => {
  it('are added by the editor, asked per attendee of the right tier and per order, and shown to the committee and at the door', async () => {
    const event = await gala();
    const [dinner, children] = event.tiers;
    // A bad question is refused under its field and nothing is stored.
    const refused = (await editorPost(event.id, { intent: 'question-save', label: 'Dietary needs', kind: 'choice', options: 'Only one', scope: 'attendee' })) as unknown as Reply;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error['options']).toEqual(['Give 2 to 20 options, one per line.']);
    expect(await listQuestions(event.id)).toEqual([]);

    const saved = await editorPost(event.id, {
      intent: 'question-save',
      label: 'Dietary needs',
      kind: 'choice',
      options: 'None\nVegetarian\nHalal',
      required: 'on',
      scope: 'attendee',
      atDoor: 'on',
      tierIds: String(dinner!.id),
    });
    expect(saved).toBeInstanceOf(Response);
    await editorPost(event.id, { intent: 'question-save', label: 'Name for your table', kind: 'text', scope: 'order' });
    const [dietary, table] = await listQuestions(event.id);
    expect((await editorLoader(routeArgs(`/admin/content/events/${event.id}`, { headers: { cookie: editorCookie } }, { id: String(event.id) }))).questions.map((question) => question.label)).toEqual([
      'Dietary needs',
      'Name for your table',
    ]);

    const seats = `${dinner!.id}x2,${children!.id}x1`;
    const orderPath = `/events/${event.id}/order?seats=${seats}`;
    expect((await orderLoader(routeArgs(orderPath, {}, { id: String(event.id) }))).questions).toHaveLength(2);

    // Bad answers: each message under its field, what was typed kept, nothing placed.
    const form = { buyerName: 'Ann Guest', buyerEmail: 'ann.question@example.org', 'attendees[0]': 'Ann Guest', 'attendees[1]': 'Bo Guest', 'attendees[2]': 'Cy Guest' };
    const bad = (await orderAction(
      postArgs(orderPath, { ...form, [`answers.q${dietary!.id}_0`]: 'Pizza', [`answers.q${table!.id}`]: 'The Guests' }, {}, { id: String(event.id) }),
    )) as unknown as Reply;
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error[`answers.q${dietary!.id}_0`]).toEqual(['Choose one of the answers offered.']);
    expect(bad.data.result.error[`answers.q${dietary!.id}_1`]).toEqual(['Please choose an answer.']);
    // The child's ticket is not asked the dinner's question.
    expect(bad.data.result.error).not.toHaveProperty(`answers.q${dietary!.id}_2`);
    expect(bad.data.result.initialValue['answers']).toMatchObject({ [`q${table!.id}`]: 'The Guests' });
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, 'ann.question@example.org'))).toEqual([]);

    // A hand-made post with answers that are not fields is refused as bad input, not a crash.
    const odd = (await orderAction(postArgs(orderPath, { ...form, answers: 'x' }, {}, { id: String(event.id) }))) as unknown as Reply;
    expect(odd.init.status).toBe(400);
    expect(odd.data.result.initialValue['answers']).toEqual({});

    const placed = await orderAction(
      postArgs(
        orderPath,
        { ...form, [`answers.q${dietary!.id}_0`]: 'Vegetarian', [`answers.q${dietary!.id}_1`]: 'Halal', [`answers.q${dietary!.id}_2`]: 'None', [`answers.q${table!.id}`]: '=The Guests' },
        {},
        { id: String(event.id) },
      ),
    );
    expect(placed).toBeInstanceOf(Response);
    const [order] = await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, 'ann.question@example.org'));
    // The child's seat was not asked, so an answer posted for it is not stored.
    expect(await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.orderId, order!.id))).toHaveLength(3);

    const csvResponse = await attendeesCsvLoader(routeArgs(`/admin/content/events/${event.id}/attendees.csv`, { headers: { cookie: editorCookie } }, { id: String(event.id) }));
    const csv = await (csvResponse as Response).text();
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header!.endsWith(',Dietary needs,Name for your table')).toBe(true);
    expect(rows.find((row) => row.startsWith('Ann Guest,'))!.endsWith(",Vegetarian,'=The Guests")).toBe(true);
    expect(rows.find((row) => row.startsWith('Cy Guest,'))!.endsWith(",,'=The Guests")).toBe(true);

    const page = await ticketsLoader(routeArgs(`/tickets/${order!.id}`, { headers: { cookie: editorCookie } }, { orderId: order!.id }));
    expect(page.tickets.find((ticket) => ticket.attendeeName === 'Bo Guest')?.answers.map((answer) => answer.text)).toEqual(['Halal']);
    expect(page.orderAnswers.map((answer) => answer.text)).toEqual(['=The Guests']);

    // At the door: the answers marked 'Show at the door', the table name not.
    const [bo] = await database.db().select().from(tickets).where(eq(tickets.attendeeName, 'Bo Guest'));
    const check = await checkInTicket(event.id, bo!.code, 'door@example.org');
    expect(check).toMatchObject({ result: 'valid', answers: [{ label: 'Dietary needs', text: 'Halal' }] });
    expect(await checkInTicket(event.id, bo!.code, 'door@example.org')).toMatchObject({ result: 'already', answers: [{ text: 'Halal' }] });
  });
});

describe('an order page whose answers are all left empty', () => {
  it('still asks the required ones, and places nothing', async () => {
    const event = await gala();
    const [dinner] = event.tiers;
    await editorPost(event.id, { intent: 'question-save', label: 'Staying for dinner?', kind: 'yes_no', required: 'on', scope: 'attendee' });
    const [dinnerQuestion] = await listQuestions(event.id);
    const orderPath = `/events/${event.id}/order?seats=${dinner!.id}x1`;
    const zoë = people.find((person) => person.name === 'Zoë Müller-Ñoño')!;
    // Yes/no buttons left unchosen post nothing: the form then has no `answers` at all.
    const posted = { buyerName: zoë.name, buyerEmail: zoë.email, 'attendees[0]': zoë.name };
    const refused = (await orderAction(postArgs(orderPath, posted, {}, { id: String(event.id) }))) as unknown as Reply;
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error[`answers.q${dinnerQuestion!.id}_0`]).toEqual(['Please choose an answer.']);
    expect(await database.db().select().from(ticketOrders).where(eq(ticketOrders.buyerEmail, zoë.email))).toEqual([]);
  });
});

describe('passing a ticket on, through the ticket page', () => {
  const seán = people.find((person) => person.name === "O'Brien, Seán")!;
  const selvarajah = people.find((person) => person.name === 'செல்வராஜா கந்தசாமி')!;
  // The long address (its note says '75-character email'): where the new attendee's ticket goes.
  const longEmail = people.find((person) => person.note.includes('75-character email'))!.email;

  it('asks the new attendee’s required answers (refused without them, nothing changed); the page, the door, the committee and the mail then have them', async () => {
    const event = await gala();
    const [dinner] = event.tiers;
    await editorPost(event.id, { intent: 'question-save', label: 'Dietary needs', kind: 'choice', options: 'None\nVegetarian\nHalal', required: 'on', scope: 'attendee', atDoor: 'on' });
    await editorPost(event.id, { intent: 'question-save', label: 'Name for your table', kind: 'text', scope: 'order' });
    const [dietary, table] = await listQuestions(event.id);
    const {
      order,
      tickets: [, guest],
    } = await placeOrder({
      eventId: event.id,
      buyer: { name: seán.name, email: seán.email, userId: null },
      seats: [
        { tierId: dinner!.id, attendeeName: seán.name },
        { tierId: dinner!.id, attendeeName: 'Brigid O’Brien' },
      ],
      isMember: false,
      answers: [
        { questionId: dietary!.id, seatIndex: 0, value: 'None' },
        { questionId: dietary!.id, seatIndex: 1, value: 'Vegetarian' },
        { questionId: table!.id, seatIndex: null, value: 'The O’Briens' },
      ],
    });
    const path = ticketOrderPath(order.id);
    const params = { orderId: order.id };

    // Without the new attendee's answer: said under its field, what was typed kept, nothing changed.
    const pass = { intent: 'transfer', ticketId: String(guest!.id), attendeeName: selvarajah.name, attendeeEmail: longEmail };
    const refused = (await ticketsAction(postArgs(path, pass, {}, params))) as unknown as {
      init: ResponseInit;
      data: { form: string; result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.form).toBe(`transfer-${guest!.id}`);
    expect(refused.data.result.error[`answers.q${dietary!.id}`]).toEqual(['Please choose an answer.']);
    expect(refused.data.result.initialValue).toMatchObject({ attendeeName: selvarajah.name, attendeeEmail: longEmail });
    const [unchanged] = await database.db().select().from(tickets).where(eq(tickets.id, guest!.id));
    expect(unchanged).toMatchObject({ attendeeName: 'Brigid O’Brien', code: guest!.code });
    // An answer outside the choices is refused too.
    const odd = (await ticketsAction(postArgs(path, { ...pass, [`answers.q${dietary!.id}`]: 'Pizza' }, {}, params))) as unknown as {
      init: ResponseInit;
      data: { result: { error: Record<string, string[]> } };
    };
    expect(odd.data.result.error[`answers.q${dietary!.id}`]).toEqual(['Choose one of the answers offered.']);

    // The page gives the transfer form the questions of the ticket's tier.
    const page = await ticketsLoader(routeArgs(path, {}, params));
    expect(page.attendeeQuestions.map((question) => question.label)).toEqual(['Dietary needs']);
    expect(page.tickets.find((ticket) => ticket.id === guest!.id)).toMatchObject({ tierId: dinner!.id, transferable: true });

    const passed = await ticketsAction(postArgs(path, { ...pass, [`answers.q${dietary!.id}`]: 'Halal' }, {}, params));
    expect(passed).toBeInstanceOf(Response);
    const [row] = await database.db().select().from(tickets).where(eq(tickets.id, guest!.id));
    expect(row!.attendeeName).toBe(selvarajah.name);
    expect(row!.code).not.toBe(guest!.code);

    // The ticket page, the committee's list, the door: the new attendee's answer, the order's kept.
    const after = await ticketsLoader(routeArgs(path, {}, params));
    expect(after.tickets.find((ticket) => ticket.id === guest!.id)?.answers.map((answer) => answer.text)).toEqual(['Halal']);
    expect(after.orderAnswers.map((answer) => answer.text)).toEqual(['The O’Briens']);
    const listed = (await listAttendees(event.id)).find((attendee) => attendee.id === guest!.id);
    expect(listed?.answers.map((answer) => `${answer.label}: ${answer.text}`)).toEqual(['Dietary needs: Halal', 'Name for your table: The O’Briens']);
    expect(await checkInTicket(event.id, row!.code, 'door@example.org')).toMatchObject({ result: 'valid', name: selvarajah.name, answers: [{ label: 'Dietary needs', text: 'Halal' }] });

    const mail = (await outboxRowsTo(database.db(), longEmail)).find((row) => row.text.includes('has passed you a ticket'));
    expect(mail!.text).toContain(`${seán.name} has passed you a ticket for Reunion Gala`);
    expect(mail!.text).toContain(`${seán.name} answered the event's questions for you: Dietary needs: Halal.`);
  });
});

describe('a ticket without a required answer (a question added after the order)', () => {
  it('is asked for it on its page until it has it; the door and the committee then show it; nothing is taken once the event has started', async () => {
    const event = await gala();
    const [dinner] = event.tiers;
    const rizwan = people.find((person) => person.name.startsWith('Mohamed Rizwan'))!;
    const {
      order,
      tickets: [ticket],
    } = await placeOrder({ eventId: event.id, buyer: { name: rizwan.name, email: rizwan.email, userId: null }, seats: [{ tierId: dinner!.id, attendeeName: rizwan.name }], isMember: false });
    const path = ticketOrderPath(order.id);
    const params = { orderId: order.id };
    expect((await ticketsLoader(routeArgs(path, {}, params))).tickets[0]!.missing).toEqual([]);

    // The committee adds a required question, and an optional one, after the registration.
    await editorPost(event.id, { intent: 'question-save', label: 'Dietary needs', kind: 'choice', options: 'None\nVegetarian\nHalal', required: 'on', scope: 'attendee', atDoor: 'on' });
    await editorPost(event.id, { intent: 'question-save', label: 'Photo consent', kind: 'yes_no', scope: 'attendee' });
    const [dietary] = await listQuestions(event.id);
    const page = await ticketsLoader(routeArgs(path, {}, params));
    expect(page.tickets[0]!.missing.map((question) => question.label)).toEqual(['Dietary needs']);

    const refused = (await ticketsAction(postArgs(path, { intent: 'answers', ticketId: String(ticket!.id) }, {}, params))) as unknown as {
      init: ResponseInit;
      data: { form: string; result: { error: Record<string, string[]> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.form).toBe(`answers-${ticket!.id}`);
    expect(refused.data.result.error[`answers.q${dietary!.id}`]).toEqual(['Please choose an answer.']);
    expect(await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.ticketId, ticket!.id))).toEqual([]);

    const saved = await ticketsAction(postArgs(path, { intent: 'answers', ticketId: String(ticket!.id), [`answers.q${dietary!.id}`]: 'Vegetarian' }, {}, params));
    expect(saved).toBeInstanceOf(Response);
    const after = await ticketsLoader(routeArgs(path, {}, params));
    expect(after.tickets[0]).toMatchObject({ missing: [], answers: [expect.objectContaining({ label: 'Dietary needs', text: 'Vegetarian' })] });
    expect((await listAttendees(event.id))[0]!.answers.map((answer) => answer.text)).toEqual(['Vegetarian']);
    expect(await checkInTicket(event.id, ticket!.code, 'door@example.org')).toMatchObject({ result: 'valid', answers: [{ label: 'Dietary needs', text: 'Vegetarian' }] });
    const [audit] = await database
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.answers'), eq(auditLog.entityId, String(ticket!.id))));
    expect(audit).toMatchObject({ actorEmail: `${rizwan.email} (ticket link)`, toValue: '“Dietary needs” answered' });
    // Given once: a second post changes nothing.
    await ticketsAction(postArgs(path, { intent: 'answers', ticketId: String(ticket!.id), [`answers.q${dietary!.id}`]: 'Halal' }, {}, params));
    expect((await database.db().select().from(ticketAnswers).where(eq(ticketAnswers.ticketId, ticket!.id))).map((row) => row.value)).toEqual(['Vegetarian']);

    // Once the event has started, the page no longer asks, and a post is refused.
    const other = await placeOrder({
      eventId: event.id,
      buyer: { name: rizwan.name, email: rizwan.email, userId: null },
      seats: [{ tierId: dinner!.id, attendeeName: 'Guest' }],
      isMember: false,
      answers: [],
    });
    await database
      .db()
      .update(events)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, event.id));
    const otherPath = ticketOrderPath(other.order.id);
    expect((await ticketsLoader(routeArgs(otherPath, {}, { orderId: other.order.id }))).tickets[0]!.missing).toEqual([]);
    const late = (await ticketsAction(
      postArgs(otherPath, { intent: 'answers', ticketId: String(other.tickets[0]!.id), [`answers.q${dietary!.id}`]: 'Halal' }, {}, { orderId: other.order.id }),
    )) as unknown as { init: ResponseInit; data: { result: { error: Record<string, string[]> } } };
    expect(late.init.status).toBe(409);
    expect(late.data.result.error['']).toEqual(['The event has started: answers can no longer be added here. Please tell the committee at the door.']);
  });
});
