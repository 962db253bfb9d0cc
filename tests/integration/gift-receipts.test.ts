/**
 * Numbered gift receipts (docs/product.md#gift-receipts): one sequence without gaps, taken in the
 * paying transaction, safe under concurrent payments; refunds cancel a receipt, never edit it.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (CI's PostgreSQL pass).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftReceipts } from '~/db/schema/receipts';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { startCheckout } from '~/features/payments/payments.server';
import { issueGiftReceipt, nextReceiptNumber, receiptsOfPayment, saveReceiptSettings } from '~/features/payments/receipts.server';
import { refundCardPayment } from '~/features/payments/refunds.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { createAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { receiptSettings } from '~/db/schema/receipts';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/dashboard/settings';
import { createSignedInAccount } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
// Mail folders outlive a run: each run writes to its own addresses.
const run = Math.random().toString(36).slice(2, 8);
let admin: { id: string; email: string; role: 'admin' };
beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Lakeview PPA' });
  const account = await createAccount(database.db(), { role: 'admin' });
  admin = { id: account.id, email: account.email, role: 'admin' };
});

// Tests run in random order and one of them saves other details: a test that reads them saves its own.
const issuer = () =>
  saveReceiptSettings(admin, {
    legalName: 'Lakeview Past Pupils’ Association of North America',
    registrationNumber: '12345 6789 RR0001',
    address: '1 Bay Street\nToronto ON M5J 2N8',
    signerName: 'Anjali Perera, Treasurer',
  });

const gift = (email: string, amount: number) =>
  recordDonation({ kind: 'one-time', cause: 'general', amount, firstName: 'Nimal', lastName: 'Silva', email, homeAddress: '1 Bay St', phoneNumber: null }, null);

async function paidGift(email: string, amount: number) {
  const checkout = await startCheckout(donationCheckout(await gift(email, amount)));
  const paid = await payTestCheckout(checkout.sessionId);
  if (paid.outcome !== 'fulfilled') throw new Error(`not paid: ${paid.outcome}`);
  return paid.payment;
}

const allNumbers = async () => (await database.db().select({ number: giftReceipts.number }).from(giftReceipts)).map((row) => row.number).sort((a, b) => a - b);

describe('gift receipt numbers', () => {
  it('two gifts paid at the same instant get consecutive numbers, and the receipt mail carries the number and the issuer', async () => {
    await issuer();
    const before = await allNumbers();
    const checkouts = await Promise.all([`same-1-${run}@example.org`, `same-2-${run}@example.org`].map(async (email) => startCheckout(donationCheckout(await gift(email, 2500)))));
    const paid = await Promise.all(checkouts.map((checkout) => payTestCheckout(checkout.sessionId)));
    expect(paid.map((result) => result.outcome)).toEqual(['fulfilled', 'fulfilled']);
    const numbers = (await Promise.all(paid.map(async (result) => (await receiptsOfPayment(result.outcome === 'fulfilled' ? result.payment.id : ''))[0]!.number))).sort((a, b) => a - b);
    const start = (before.at(-1) ?? 0) + 1;
    expect(numbers).toEqual([start, start + 1]);

    const mail = (await deliveredMailsTo(`same-1-${run}@example.org`)).at(-1)!;
    expect(mail.text).toMatch(/Official receipt for income tax purposes no\. \d{8}\./);
    expect(mail.text).toContain('Amount eligible for a tax receipt: $25.00');
    expect(mail.text).toContain('Date received:');
    expect(mail.text, mail.text).toContain('charity registration no. 12345 6789 RR0001');
    expect(mail.text).toContain('Authorised signature: Anjali Perera, Treasurer');
  });

  it('many concurrent payments leave no gap and no duplicate', async () => {
    const before = await allNumbers();
    const checkouts = await Promise.all(Array.from({ length: 8 }, async (_, index) => startCheckout(donationCheckout(await gift(`many-${index}@example.org`, 1000)))));
    await Promise.all(checkouts.map((checkout) => payTestCheckout(checkout.sessionId)));
    const after = await allNumbers();
    const start = (before.at(-1) ?? 0) + 1;
    expect(after.slice(before.length)).toEqual(Array.from({ length: 8 }, (_, index) => start + index));
  });

  it('a payment that rolls back gives its number back', async () => {
    const before = await allNumbers();
    await expect(
      database.db().transaction(async (tx) => {
        await nextReceiptNumber(tx);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    const payment = await paidGift('after-rollback@example.org', 1500);
    expect((await receiptsOfPayment(payment.id))[0]!.number).toBe((before.at(-1) ?? 0) + 1);
  });

  it('a payment keeps the receipt it has: issuing again takes no number', async () => {
    const payment = await paidGift('again@example.org', 1500);
    const [first] = await receiptsOfPayment(payment.id);
    const again = await database.db().transaction((tx) => issueGiftReceipt(tx, payment));
    expect(again.number).toBe(first!.number);
    expect(await receiptsOfPayment(payment.id)).toHaveLength(1);
  });
});

describe('refunds and receipts', () => {
  it('a partial refund cancels the receipt and issues a replacement with the next number; a full one cancels it', async () => {
    const payment = await paidGift(`refunded-${run}@example.org`, 10000);
    const [original] = await receiptsOfPayment(payment.id);

    await refundCardPayment(admin, { paymentId: payment.id, amount: 4000, reason: 'Gave twice by mistake' });
    const [cancelled, replacement] = await receiptsOfPayment(payment.id);
    expect(cancelled).toMatchObject({ number: original!.number, eligibleCents: 10000, cancelReason: 'Gave twice by mistake' });
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(replacement).toMatchObject({ eligibleCents: 6000, replaces: original!.number, cancelledAt: null });
    expect(replacement!.number).toBe(Math.max(...(await allNumbers())));
    const note = (await deliveredMailsTo(`refunded-${run}@example.org`)).find((mail) => mail.subject?.includes('is cancelled'))!;
    expect(note.text).toContain(`Receipt no. ${String(original!.number).padStart(8, '0')} is cancelled`);
    expect(note.text).toContain(`replaced by receipt no. ${String(replacement!.number).padStart(8, '0')} for $60.00`);

    await refundCardPayment(admin, { paymentId: payment.id, amount: 6000, reason: 'Asked for the rest back' });
    const receipts = await receiptsOfPayment(payment.id);
    expect(receipts).toHaveLength(2);
    expect(receipts.every((receipt) => receipt.cancelledAt !== null)).toBe(true);
    expect(await database.db().select().from(giftReceipts).where(eq(giftReceipts.number, original!.number))).toHaveLength(1);
  });

  it('refuses incomplete issuer details with a message per field and saves nothing', async () => {
    const { receiptSettingsSchema } = await import('~/features/payments/receipt-settings.schema');
    const result = receiptSettingsSchema.safeParse({ legalName: ' ', registrationNumber: '', address: 'x', signerName: 'y' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(['Legal name is required.', 'Charity registration number is required.']);
  });
});

describe('the receipt details in the admin settings', () => {
  const post = (cookie: string, values: Record<string, string>) =>
    settingsAction(postArgs('/admin/settings', { intent: 'receipts', ...values }, { cookie })) as unknown as Promise<{
      init: ResponseInit | null;
      data: { result?: { error?: Record<string, string[] | null> } };
    }>;

  it('refuses empty details with a message per field and saves nothing; saves and shows good ones', async () => {
    const { cookie } = await createSignedInAccount(database.db(), { role: 'admin' });
    const before = await database.db().select().from(receiptSettings);
    const refused = await post(cookie, { legalName: '', registrationNumber: '', address: '', signerName: 'x'.repeat(500) });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.result?.error).toMatchObject({
      legalName: ['Legal name is required.'],
      registrationNumber: ['Charity registration number is required.'],
      address: ['Address is required.'],
      signerName: ['Signer’s name must be at most 120 characters.'],
    });
    expect(await database.db().select().from(receiptSettings)).toEqual(before);

    await post(cookie, { legalName: 'Lakeview PPA of North America', registrationNumber: '99999 0000 RR0001', address: '2 King St\nToronto', signerName: 'Ravi Fernando' });
    const shown = (await settingsLoader(routeArgs('/admin/settings', { headers: { cookie } }))) as { receipts: Record<string, string> };
    expect(shown.receipts).toEqual({ legalName: 'Lakeview PPA of North America', registrationNumber: '99999 0000 RR0001', address: '2 King St\nToronto', signerName: 'Ravi Fernando' });
  });

  it('a finance user may not change them', async () => {
    const { cookie } = await createSignedInAccount(database.db(), { role: 'finance' });
    const before = await database.db().select().from(receiptSettings);
    await post(cookie, { legalName: 'Hacked', registrationNumber: '1', address: 'x', signerName: 'y' }).catch(() => null);
    expect(await database.db().select().from(receiptSettings)).toEqual(before);
  });
});
