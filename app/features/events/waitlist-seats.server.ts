import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { events, type ticketTiers } from '~/db/schema/content';
import { waitlistEntries } from '~/db/schema/tickets';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { waitlistOfferMail } from '~/features/mail/templates';
import { formatDateTime } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { offerExpiry, seatsStillSell, seatsToOffer } from './waitlist';

/**
 * The waitlist's part in counting seats (docs/product.md#waitlist), used by ./orders.server.ts:
 * open offers count against a tier's cap like held seats, and freed seats are offered to the line
 * in the transaction that holds the tiers' locks. The rest of the waitlist is ./waitlist.server.ts.
 */

type Tier = typeof ticketTiers.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

/** A one-time link's token and the hash kept of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A link token as it may come from an address: bounded and of the right alphabet, or null. */
export function linkTokenFrom(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}

/** Per tier at `now`: open offers (they count against the cap) and people waiting (a freed seat is theirs first). */
export async function waitlistCounts(executor: Executor, tierIds: number[], now: Date): Promise<Map<number, { offered: number; waiting: number }>> {
  const result = new Map<number, { offered: number; waiting: number }>(tierIds.map((id) => [id, { offered: 0, waiting: 0 }]));
  if (tierIds.length === 0) return result;
  const rows = await executor
    .select({
      tierId: waitlistEntries.tierId,
      offered: sql<number>`count(*) filter (where ${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} > ${now})`,
      waiting: sql<number>`count(*) filter (where ${waitlistEntries.status} = 'waiting')`,
    })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.tierId, tierIds), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .groupBy(waitlistEntries.tierId);
  for (const row of rows) result.set(row.tierId, { offered: Number(row.offered), waiting: Number(row.waiting) });
  return result;
}

/** The order page's link of an offer. */
export function offerLink(eventId: number, tierId: number, token: string): string {
  return `${env().publicUrl}/events/${eventId}/order?seats=${tierId}x1&offer=${token}`;
}

/**
 * Hands each tier's free seats to the first people waiting, one seat each, with a mail holding it
 * for WAITLIST_OFFER_HOURS. The caller holds the event's tiers locked (`for update`) and gives what
 * is taken of each (sold, held and open offers); offers that ran out are marked `lapsed` first.
 */
export async function offerSeats(tx: Executor, tiers: Tier[], taken: Map<number, { taken: number }>, now: Date): Promise<WaitlistEntry[]> {
  const tierIds = tiers.map((tier) => tier.id);
  if (tierIds.length === 0) return [];
  await tx
    .update(waitlistEntries)
    .set({ status: 'lapsed', updatedAt: now })
    .where(and(inArray(waitlistEntries.tierId, tierIds), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)));
  const counts = await waitlistCounts(tx, tierIds, now);
  const [event] = await tx.select().from(events).where(eq(events.id, tiers[0]!.eventId)).limit(1);
  if (!event) return [];
  const offered: WaitlistEntry[] = [];
  for (const tier of tiers) {
    const { waiting } = counts.get(tier.id)!;
    const count = waiting > 0 && seatsStillSell(tier, event, now) ? seatsToOffer(tier.quantityCap, taken.get(tier.id)?.taken ?? 0, waiting) : 0;
    if (count === 0) continue;
    const next = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tierId, tier.id), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
      .limit(count)
      .for('update');
    for (const entry of next) {
      const { token, hash } = newLinkToken();
      const expiresAt = offerExpiry(now);
      const [updated] = await tx
        .update(waitlistEntries)
        .set({ status: 'offered', offerTokenHash: hash, offeredAt: now, offerExpiresAt: expiresAt, updatedAt: now })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
        .returning();
      if (!updated) continue;
      offered.push(updated);
      await mailAlongside(tx, `The waitlist offer mail of entry ${entry.id}`, async (inner) => {
        const content = waitlistOfferMail(
          await mailSender(inner),
          { name: entry.name.split(' ')[0] || entry.name, eventTitle: event.title, tierName: tier.name, until: formatDateTime(expiresAt, event.timeZone) },
          offerLink(event.id, tier.id, token),
        );
        await enqueueMail(inner, { kind: 'waitlist_offer', ...content, to: entry.email });
      });
    }
  }
  return offered;
}

/** The entry an offer link names, locked for the caller's transaction (placing the order), or null. */
export async function lockOffer(tx: Executor, token: string): Promise<WaitlistEntry | null> {
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashLinkToken(token)))
    .limit(1)
    .for('update');
  return entry ?? null;
}

/** The entry an offer link names (the order page shows whether it still holds a seat). */
export async function findOffer(executor: Executor, token: string): Promise<WaitlistEntry | null> {
  const [entry] = await executor
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashLinkToken(token)))
    .limit(1);
  return entry ?? null;
}

/** The offer was used: the order placed with it is recorded, in the order's transaction. */
export async function markOfferOrdered(tx: Executor, entryId: string, orderId: string, now: Date): Promise<void> {
  await tx.update(waitlistEntries).set({ status: 'ordered', orderId, updatedAt: now }).where(eq(waitlistEntries.id, entryId));
}
