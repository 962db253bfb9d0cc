import { and, asc, count, eq, gt, inArray, ne, or } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { discountCodes, ticketOrders } from '~/db/schema/tickets';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { assertCan, type Actor } from '~/lib/roles';
import { codeKey, codeRefusal, discountAmount, discountedSeats, discountText, type DiscountCode, type DiscountCodeInput, type PricedSeat } from './discounts';

/**
 * An event's discount codes (docs/product.md#discount-codes): the editor adds, edits, switches off
 * and deletes them (audited like other content); the order page previews one, and placeOrder claims
 * it inside its transaction with the code's row locked (`for update`), so two buyers can never both
 * take its last use. A use is an order that is confirmed or still holding its seats: an order whose
 * hold runs out, or that is cancelled, gives its use back without anything having to mark it.
 */

/** Orders that count as a use of their code at `now`: confirmed, or unpaid with a hold not yet expired. */
function liveOrder(now: Date) {
  return or(eq(ticketOrders.status, 'confirmed'), and(eq(ticketOrders.status, 'pending_payment'), gt(ticketOrders.holdExpiresAt, now)));
}

/** How many orders use each code at `now`. */
export async function usesOf(executor: Executor, codeIds: number[], now: Date, exceptOrderId?: string): Promise<Map<number, number>> {
  const uses = new Map<number, number>(codeIds.map((id) => [id, 0]));
  if (codeIds.length === 0) return uses;
  const rows = await executor
    .select({ codeId: ticketOrders.discountCodeId, uses: count() })
    .from(ticketOrders)
    .where(and(inArray(ticketOrders.discountCodeId, codeIds), liveOrder(now), exceptOrderId ? ne(ticketOrders.id, exceptOrderId) : undefined))
    .groupBy(ticketOrders.discountCodeId);
  for (const row of rows) if (row.codeId !== null) uses.set(row.codeId, Number(row.uses));
  return uses;
}

export type CodeWithUses = DiscountCode & { uses: number; everUsed: boolean };

/** An event's codes with their uses now (the editor's list), and whether any order ever used each (delete only if never). */
export async function listCodesWithUses(eventId: number, now = new Date()): Promise<CodeWithUses[]> {
  const codes = await db().select().from(discountCodes).where(eq(discountCodes.eventId, eventId)).orderBy(asc(discountCodes.code));
  const ids = codes.map((code) => code.id);
  const uses = await usesOf(db(), ids, now);
  const ever = ids.length
    ? new Set((await db().selectDistinct({ id: ticketOrders.discountCodeId }).from(ticketOrders).where(inArray(ticketOrders.discountCodeId, ids))).map((row) => row.id))
    : new Set<number | null>();
  return codes.map((code) => ({ ...code, uses: uses.get(code.id) ?? 0, everUsed: ever.has(code.id) }));
}

async function findCode(executor: Executor, eventId: number, text: string, lock: boolean): Promise<DiscountCode | null> {
  const query = executor
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), eq(discountCodes.codeKey, codeKey(text))))
    .limit(1);
  const [code] = lock ? await query.for('update') : await query;
  return code ?? null;
}

function auditText(code: Pick<DiscountCode, 'code' | 'kind' | 'amount' | 'useLimit' | 'membersOnly'>, eventTitle: string): string {
  const limit = code.useLimit === null ? 'no limit' : `limit ${code.useLimit}`;
  return `${code.code}: ${discountText(code)}, ${limit}${code.membersOnly ? ', members only' : ''} for “${eventTitle}”`;
}

/** Adds a code, or edits one; the text is unique per event whatever its case; tiers not the event's are ignored. */
export async function saveCode(actor: Actor, eventId: number, codeId: number | null, input: DiscountCodeInput): Promise<DiscountCode> {
  assertCan(actor, 'editContent');
  return db().transaction(async (tx) => {
    // Saves of one event's codes take turns, so the uniqueness check below holds.
    const [event] = await tx.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, eventId)).limit(1).for('update');
    if (!event) throw new AppError('not_found', 'Event not found.');
    const same = await findCode(tx, eventId, input.code, false);
    if (same && same.id !== codeId) throw new AppError('conflict', `This event already has the code ${same.code}.`, { field: 'code' });
    const tierIds = input.tierIds.length
      ? (
          await tx
            .select({ id: ticketTiers.id })
            .from(ticketTiers)
            .where(and(eq(ticketTiers.eventId, eventId), inArray(ticketTiers.id, input.tierIds)))
        ).map((tier) => tier.id)
      : [];
    const values = { ...input, amount: discountAmount(input.kind, input.amount) ?? 0, tierIds, codeKey: codeKey(input.code), eventId };
    const [saved] =
      codeId === null
        ? await tx.insert(discountCodes).values(values).returning()
        : await tx
            .update(discountCodes)
            .set(values)
            .where(and(eq(discountCodes.id, codeId), eq(discountCodes.eventId, eventId)))
            .returning();
    if (!saved) throw new AppError('not_found', 'Discount code not found.');
    await writeAudit(tx, {
      actor,
      action: codeId === null ? 'discount_code.create' : 'discount_code.update',
      entityType: 'discount_code',
      entityId: String(saved.id),
      to: auditText(saved, event.title),
    });
    return saved;
  });
}

/** Switches a code off (the order page refuses it) or on again. */
export async function setCodeActive(actor: Actor, eventId: number, codeId: number, active: boolean): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [saved] = await tx
      .update(discountCodes)
      .set({ active })
      .where(and(eq(discountCodes.id, codeId), eq(discountCodes.eventId, eventId)))
      .returning();
    if (!saved) throw new AppError('not_found', 'Discount code not found.');
    await writeAudit(tx, { actor, action: active ? 'discount_code.activate' : 'discount_code.deactivate', entityType: 'discount_code', entityId: String(codeId), to: saved.code });
  });
}

/** Deletes a code no order ever used; one that was used is switched off instead (the orders keep naming it). */
export async function deleteCode(actor: Actor, eventId: number, codeId: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, codeId), eq(discountCodes.eventId, eventId)))
      .limit(1)
      .for('update');
    if (!code) throw new AppError('not_found', 'Discount code not found.');
    const [used] = await tx.select({ total: count() }).from(ticketOrders).where(eq(ticketOrders.discountCodeId, codeId));
    if (Number(used?.total ?? 0) > 0) throw new AppError('conflict', `${code.code} was used by an order: switch it off instead.`);
    await tx.delete(discountCodes).where(eq(discountCodes.id, codeId));
    await writeAudit(tx, { actor, action: 'discount_code.delete', entityType: 'discount_code', entityId: String(codeId), from: code.code });
  });
}

export type AppliedDiscount = ReturnType<typeof discountedSeats> & { code: DiscountCode };

type DiscountRequest = { eventId: number; codeText: string; seats: PricedSeat[]; isMember: boolean; now: Date };

async function checkedDiscount(executor: Executor, request: DiscountRequest, lock: boolean): Promise<AppliedDiscount> {
  const code = await findCode(executor, request.eventId, request.codeText, lock);
  const uses = code ? ((await usesOf(executor, [code.id], request.now)).get(code.id) ?? 0) : 0;
  const refusal = codeRefusal(code, { uses, isMember: request.isMember, tierIds: request.seats.map((seat) => seat.tierId), now: request.now });
  if (refusal) throw new AppError('conflict', refusal, { field: 'discountCode' });
  return { code: code!, ...discountedSeats(code, request.seats) };
}

/** The order page's 'Apply': the seats' prices with the code, or AppError (field `discountCode`) saying why not. */
export function previewDiscount(request: DiscountRequest): Promise<AppliedDiscount> {
  return checkedDiscount(db(), request, false);
}

/**
 * Inside placeOrder's transaction: the code's row is locked until the order is stored, so its uses
 * are counted with every other order for it settled; refused (AppError, field `discountCode`) as the
 * preview is.
 */
export function claimDiscount(tx: Executor, request: DiscountRequest): Promise<AppliedDiscount> {
  return checkedDiscount(tx, request, true);
}

/**
 * A payment arrived for an order with a code after its hold ran out (confirmPaidOrder): its use was
 * given back meanwhile, so it may confirm only if the code still has a use for it. Locks the code.
 */
export async function codeStillHasUse(tx: Executor, order: { id: string; discountCodeId: number | null }, now: Date): Promise<boolean> {
  if (order.discountCodeId === null) return true;
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId)).limit(1).for('update');
  if (!code || code.useLimit === null) return true;
  return ((await usesOf(tx, [code.id], now, order.id)).get(code.id) ?? 0) < code.useLimit;
}
