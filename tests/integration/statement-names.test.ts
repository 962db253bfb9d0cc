/**
 * Giving statements print every donor's name as they write it (docs/product.md#finance): each
 * person of tests/fixtures/real-input/people.json, and the issue's 'Łukasz செல்வம் Perera-සිල්වා',
 * gives through the test checkout; their statement, downloaded by finance and by the donor, carries
 * the name intact in its text, its title and its file name, with each gift's receipt number.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftReceipts } from '~/db/schema/receipts';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { sendPendingMailings } from '~/features/mailings/sender.server';
import { startYearEndStatements } from '~/features/mailings/statements.server';
import { donorKey, givingStatementPdfOfEmail } from '~/features/payments/finance.server';
import { refundPayment, startCheckout } from '~/features/payments/payments.server';
import { formatReceiptNumber } from '~/features/payments/receipts.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { monthOf } from '~/features/payments/finance';
import type { Actor } from '~/lib/roles';
import { loader as statementLoader } from '~/routes/admin/finance-statement';
import { loader as ownStatementLoader } from '~/routes/portal/statement';
import { createAccount, createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { drawsLettersOf, readPdf } from '../factories/pdf';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as { name: string; email: string }[];
const donors = [{ name: 'Łukasz செல்வம் Perera-සිල්වා', email: 'lukasz.selvam@example.org' }, ...people];
const year = monthOf(new Date()).year;
/** Poppler's pdftotext, where it is installed (CI installs it: .ci/run). */
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The file name each statement downloads as, written out by hand. */
const fileNames: Record<string, string> = {
  'Łukasz செல்வம் Perera-සිල්වා': 'łukasz-செல்வம்-perera-සිල්වා',
  'Nadeesha Wijesinghe-Jayawardena': 'nadeesha-wijesinghe-jayawardena',
  'செல்வராஜா கந்தசாமி': 'செல்வராஜா-கந்தசாமி',
  'සමන් කුමාර පෙරේරා': 'සමන්-කුමාර-පෙරේරා',
  'Zoë Müller-Ñoño': 'zoë-müller-ñoño',
  'Łukasz Dąbrowski': 'łukasz-dąbrowski',
  "O'Brien, Seán": 'o-brien-seán',
  '=HYPERLINK("http://x.example","click")': 'hyperlink-http-x-example-click',
  A: 'a',
  'Mohamed Rizwan Mohamed Faizal Mohamed Ismail': 'mohamed-rizwan-mohamed-faizal-mohamed-ismail',
};

let financeCookie = '';
let admin: Actor & { id: string };
const paymentsOf = new Map<string, string[]>();

beforeAll(async () => {
  const db = database.db();
  await createSiteSettings(db, { associationName: 'Lakeview Past Pupils’ Association', contactAddress: '1 Bay Street\nToronto ON M5J 2N8' });
  financeCookie = (await createSignedInAccount(db, { email: 'treasurer@example.org', role: 'finance' })).cookie;
  const adminAccount = await createAccount(db, { role: 'admin', email: 'chair@example.org' });
  admin = { id: adminAccount.id, email: adminAccount.email, role: 'admin' };
  for (const [index, donor] of donors.entries()) {
    // The name as the donate form takes it: the last word is the last name.
    const cut = donor.name.lastIndexOf(' ');
    const [firstName, lastName] = cut > 0 ? [donor.name.slice(0, cut), donor.name.slice(cut + 1)] : [donor.name, ''];
    const paid: string[] = [];
    for (const amount of [2500, 4000]) {
      const gift = await recordDonation({ kind: 'one-time', cause: 'general', amount, firstName, lastName, email: donor.email, homeAddress: '8 Harbour Road, Toronto', phoneNumber: null }, null);
      const outcome = await payTestCheckout((await startCheckout(donationCheckout(gift))).sessionId);
      if (outcome.outcome !== 'fulfilled') throw new Error(`not paid: ${outcome.outcome}`);
      paid.push(outcome.payment.id);
    }
    // The first donor's second gift is refunded in part (a new receipt replaces its first), the
    // second donor's in full (its receipt is cancelled).
    if (index === 0) await refundPayment(admin, paid[1]!, 1000, 'Asked for part back');
    if (index === 1) await refundPayment(admin, paid[1]!, 4000, 'Given twice');
    paymentsOf.set(donor.email, paid);
  }
});

/** The numbers of a payment's receipts: the one in force, or the last one cancelled. */
async function receiptOf(paymentId: string) {
  const [inForce] = await database
    .db()
    .select({ number: giftReceipts.number })
    .from(giftReceipts)
    .where(and(eq(giftReceipts.paymentId, paymentId), isNull(giftReceipts.cancelledAt)));
  const all = await database.db().select({ number: giftReceipts.number }).from(giftReceipts).where(eq(giftReceipts.paymentId, paymentId));
  return { inForce: inForce ? formatReceiptNumber(inForce.number) : null, all: all.map((row) => formatReceiptNumber(row.number)) };
}

describe('a giving statement', () => {
  it('prints each donor’s name intact in its text, its title and its file name, with each gift’s receipt number', async () => {
    for (const donor of donors) {
      const key = donorKey(donor.email);
      const response = (await statementLoader({
        ...routeArgs(`/admin/finance/statements/${year}/${key}.pdf`, { headers: { cookie: financeCookie } }),
        params: { year: String(year), file: `${key}.pdf` },
      })) as Response;
      expect(response.status).toBe(200);
      const disposition = response.headers.get('Content-Disposition')!;
      const fileName = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? /filename="(.+)"/.exec(disposition)![1]!;
      expect(decodeURIComponent(fileName), donor.name).toBe(`giving-statement-${year}-${fileNames[donor.name]}.pdf`);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"/);

      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.title).toBe(`Giving statement ${year} — ${donor.name}`);
      expect(pdf.displaysTitle).toBe(true);
      const lines = pdf.text.split('\n');
      expect(lines, donor.name).toContain(donor.name);
      expect(lines).toContain(donor.email);
      // What is drawn is the name's letters, shaped: no '?' or empty box in their place.
      expect(drawsLettersOf(pdf.drawn, donor.name), donor.name).toBe(true);
      expect(pdf.drawn).not.toMatch(/[?\ufffd]/);
      // An empty box (.notdef) maps back to U+0000.
      expect(pdf.drawn.includes('\u0000')).toBe(false);

      expect(lines).toContain('Receipt no.');
      for (const paymentId of paymentsOf.get(donor.email)!) {
        const { inForce, all } = await receiptOf(paymentId);
        if (inForce) expect(lines).toContain(inForce);
        else expect(lines).toContain(`${all.at(-1)} (cancelled)`);
        // A receipt a refund replaced is not printed.
        for (const number of all.filter((number) => number !== inForce && number !== all.at(-1))) expect(pdf.text).not.toContain(number);
      }
    }
  });

  it('downloads from the donor’s portal with their name in the file name and the title', async () => {
    const donor = donors.find((candidate) => candidate.name === 'සමන් කුමාර පෙරේරා')!;
    const { cookie } = await createSignedInAccount(database.db(), { email: donor.email, name: donor.name });
    const response = (await ownStatementLoader({ ...routeArgs(`/members-portal/statements/${year}.pdf`, { headers: { cookie } }), params: { file: `${year}.pdf` } })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="giving-statement-${year}.pdf"; filename*=UTF-8''${encodeURIComponent(`giving-statement-${year}-සමන්-කුමාර-පෙරේරා.pdf`)}`,
    );
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.title).toBe(`Giving statement ${year} — සමන් කුමාර පෙරේරා`);
    expect(pdf.text.split('\n')).toContain('සමන් කුමාර පෙරේරා');
  });

  it.runIf(hasPdftotext)('reads the same in poppler’s pdftotext, which follows the ActualText too', async () => {
    for (const donor of donors) {
      const { bytes } = await givingStatementPdfOfEmail(year, donor.email);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');
      expect(
        text.split('\n').map((line) => line.trim()),
        donor.name,
      ).toContain(donor.name);
      expect(text).toContain(donor.email);
    }
  });

  it('is mailed at year end as an attachment named in the donor’s own script', async () => {
    await sendPendingMailings({ ratePerMinute: 6000, sleep: async () => {} }); // any mailing another test left
    await startYearEndStatements(admin, year);
    await sendPendingMailings({ ratePerMinute: 6000, sleep: async () => {} });
    for (const donor of donors.filter((candidate) => !/^[ -~]*$/.test(candidate.name))) {
      const [mail] = (await deliveredMailsTo(donor.email)).filter((candidate) => candidate.subject?.includes(`${year} giving statement`));
      expect(mail, donor.name).toBeDefined();
      const [attachment] = mail!.attachments;
      expect(attachment!.filename).toBe(`giving-statement-${year}-${fileNames[donor.name]}.pdf`);
      const pdf = await readPdf(new Uint8Array(attachment!.content));
      expect(pdf.title).toBe(`Giving statement ${year} — ${donor.name}`);
      expect(pdf.text.split('\n')).toContain(donor.name);
    }
  });
});
