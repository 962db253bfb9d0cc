import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { giftReceipts, receiptCounters, receiptSettings } from '~/db/schema/receipts';
import { donationReceiptLink, getDonation } from '~/features/donations/donations.server';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail } from '~/features/mail/outbox.server';
import { receiptCancelledMail } from '~/features/mail/templates';
import { formatLongDate } from '~/lib/dates';
import { env } from '~/lib/env.server';
import { formatCents } from '~/lib/money';
import { writeAudit } from '~/lib/audit.server';
import { assertCan, type Actor } from '~/lib/roles';
import type { ReceiptSettingsInput } from './receipt-settings.schema';

/**
 * Numbered gift receipts (docs/architecture/finance.md#gift-receipts): every confirmed gift payment gets the
 * next number of one sequence, in the paying transaction; a refund cancels the receipt with a note
 * naming its number and, when money is left, issues a replacement with a new number.
 */
export type GiftReceipt = typeof giftReceipts.$inferSelect;
export type ReceiptSettings = Omit<typeof receiptSettings.$inferSelect, 'id' | 'updatedAt'>;

const GIFT_SEQUENCE = 'gift';

/**
 * The next receipt number, taken inside `tx`. The counter row stays locked until `tx` ends, so
 * concurrent payments queue for it and get consecutive numbers; a rolled-back payment gives its
 * number back (a PostgreSQL SEQUENCE would leave a gap).
 */
export async function nextReceiptNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ name: GIFT_SEQUENCE, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.name, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  return row!.last;
}

/** The receipt for a confirmed gift payment, in its transaction. A payment that has one in force keeps it. */
export async function issueGiftReceipt(tx: Executor, payment: { id: string; amountCents: number; paidAt: Date }, replaces: number | null = null): Promise<GiftReceipt> {
  const current = await receiptInForce(payment.id, tx);
  if (current) return current;
  const number = await nextReceiptNumber(tx);
  const [row] = await tx.insert(giftReceipts).values({ number, paymentId: payment.id, eligibleCents: payment.amountCents, receivedAt: payment.paidAt, replaces }).returning();
  return row!;
}

/** The receipt in force for a payment (none before it is paid, or once refunded in full). */
export async function receiptInForce(paymentId: string, executor: Executor = db()): Promise<GiftReceipt | undefined> {
  const [row] = await executor
    .select()
    .from(giftReceipts)
    .where(and(eq(giftReceipts.paymentId, paymentId), isNull(giftReceipts.cancelledAt)))
    .limit(1);
  return row;
}

/** The numbers of the receipts in force for some payments (the portal's payments), by payment id. */
export async function receiptNumbersOf(paymentIds: string[]): Promise<Record<string, string>> {
  if (paymentIds.length === 0) return {};
  const rows = await db()
    .select({ paymentId: giftReceipts.paymentId, number: giftReceipts.number })
    .from(giftReceipts)
    .where(and(inArray(giftReceipts.paymentId, paymentIds), isNull(giftReceipts.cancelledAt)));
  return Object.fromEntries(rows.map((row) => [row.paymentId, formatReceiptNumber(row.number)]));
}

/** Every receipt a payment has had, oldest first (cancelled ones included). */
export async function receiptsOfPayment(paymentId: string, executor: Executor = db()): Promise<GiftReceipt[]> {
  return executor.select().from(giftReceipts).where(eq(giftReceipts.paymentId, paymentId)).orderBy(asc(giftReceipts.number));
}

export type ReceiptCancellation = { cancelled: GiftReceipt; replacement: GiftReceipt | null };

/**
 * A gift payment was refunded, in the refund's transaction: its receipt is cancelled (its number
 * stays on record, never edited) and, when `leftCents` remains, a replacement is issued with the
 * next number for that amount. Null when the payment had no receipt in force.
 */
export async function cancelReceiptForRefund(tx: Executor, payment: { id: string; paidAt: Date }, leftCents: number, reason: string): Promise<ReceiptCancellation | null> {
  const [current] = await tx
    .select()
    .from(giftReceipts)
    .where(and(eq(giftReceipts.paymentId, payment.id), isNull(giftReceipts.cancelledAt)))
    .limit(1)
    .for('update');
  if (!current) return null;
  const [cancelled] = await tx
    .update(giftReceipts)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(eq(giftReceipts.id, current.id))
    .returning();
  const replacement = leftCents > 0 ? await issueGiftReceipt(tx, { id: payment.id, amountCents: leftCents, paidAt: payment.paidAt }, current.number) : null;
  return { cancelled: cancelled!, replacement };
}

/** A receipt number as printed: eight digits, e.g. 00000042. */
export function formatReceiptNumber(number: number): string {
  return String(number).padStart(8, '0');
}

/** The receipt's official lines for a mail (docs/product.md#gift-receipts). */
export function receiptLines(receipt: GiftReceipt, issuer: ReceiptSettings): string[] {
  const lines = [
    `Official receipt for income tax purposes no. ${formatReceiptNumber(receipt.number)}${receipt.replaces ? ` (replaces no. ${formatReceiptNumber(receipt.replaces)}, cancelled)` : ''}.`,
    `Amount eligible for a tax receipt: ${formatCents(receipt.eligibleCents)}. Date received: ${formatLongDate(receipt.receivedAt)}. Issued: ${formatLongDate(receipt.issuedAt)}.`,
  ];
  const who = [issuer.legalName, issuer.registrationNumber ? `charity registration no. ${issuer.registrationNumber}` : '', issuer.address.replace(/\s*\r?\n\s*/g, ', ')].filter(Boolean);
  if (who.length) lines.push(`Issued by ${who.join(', ')}.`);
  if (issuer.signerName) lines.push(`Authorised signature: ${issuer.signerName}.`);
  return lines;
}

/** The cancelling note's lines for the refund mail. */
export function cancellationLines(cancellation: ReceiptCancellation): string[] {
  const lines = [`Receipt no. ${formatReceiptNumber(cancellation.cancelled.number)} is cancelled and no longer valid for income tax purposes.`];
  if (cancellation.replacement) lines.push(`It is replaced by receipt no. ${formatReceiptNumber(cancellation.replacement.number)} for ${formatCents(cancellation.replacement.eligibleCents)}.`);
  return lines;
}

/** The official lines of a receipt, with the issuer's details as saved now. */
export async function officialReceiptLines(receipt: GiftReceipt, executor: Executor = db()): Promise<string[]> {
  return receiptLines(receipt, await getReceiptSettings(executor));
}

/** The cancelling note to the donor, queued with `executor` (the refund's transaction). */
export async function queueReceiptCancelled(executor: Executor, payment: { referenceId: string }, cancellation: ReceiptCancellation): Promise<void> {
  const donation = await getDonation(payment.referenceId, executor);
  if (!donation || donation.email.endsWith('@deleted.invalid')) return;
  const link = await donationReceiptLink(donation.id, donation.userId, executor);
  const replacement = cancellation.replacement ? await officialReceiptLines(cancellation.replacement, executor) : [];
  await enqueueMail(executor, {
    kind: 'refund',
    to: donation.email,
    ...receiptCancelledMail(
      await mailSender(executor),
      { name: donation.firstName || 'friend', lines: cancellationLines(cancellation), replacement },
      link?.url ?? `${env().publicUrl}/members-portal/payments`,
      link?.label ?? 'See your payments',
    ),
  });
}

const emptySettings: ReceiptSettings = { legalName: '', registrationNumber: '', address: '', signerName: '' };

/** Who issues the receipts; empty strings until an admin fills them in. */
export async function getReceiptSettings(executor: Executor = db()): Promise<ReceiptSettings> {
  const [row] = await executor
    .select({ legalName: receiptSettings.legalName, registrationNumber: receiptSettings.registrationNumber, address: receiptSettings.address, signerName: receiptSettings.signerName })
    .from(receiptSettings)
    .where(eq(receiptSettings.id, 1))
    .limit(1);
  return row ?? emptySettings;
}

/** An admin saves the issuer's details, audited in the same transaction. */
export async function saveReceiptSettings(actor: Actor, input: ReceiptSettingsInput): Promise<ReceiptSettings> {
  assertCan(actor, 'editSettings');
  return db().transaction(async (tx) => {
    const before = await getReceiptSettings(tx);
    await tx
      .insert(receiptSettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: receiptSettings.id, set: { ...input, updatedAt: sql`now()` } });
    const changed = (Object.keys(input) as Array<keyof ReceiptSettings>).filter((key) => before[key] !== input[key]);
    if (changed.length) await writeAudit(tx, { actor, action: 'settings.receipts', entityType: 'receipt_settings', entityId: '1', from: null, to: changed.join(', ') });
    return input;
  });
}
