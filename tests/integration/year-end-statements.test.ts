/**
 * Year-end giving statements (docs/product.md#gift-receipts): one action sends every donor of a
 * year one message, through the mailing job, with their own statement attached as a PDF.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailingRecipients } from '~/db/schema/mailings';
import { donationCheckout, recordDonation } from '~/features/donations/donations.server';
import { getMailing } from '~/features/mailings/mailings.server';
import { sendPendingMailings } from '~/features/mailings/sender.server';
import { startYearEndStatements } from '~/features/mailings/statements.server';
import { donorsOfYear } from '~/features/payments/finance.server';
import { startCheckout } from '~/features/payments/payments.server';
import { saveReceiptSettings } from '~/features/payments/receipts.server';
import { pdfText, readPdf } from '../factories/pdf';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { createAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { action as financeAction } from '~/routes/admin/finance';
import { createSignedInAccount } from '../factories/accounts';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';
import { loader as statementLoader } from '~/routes/portal/statement';
import { loader as paymentsLoader } from '~/routes/portal/payments';
import { deliveredMailsTo } from '../setup/mail-delivery';

const database = setupTestDatabase();
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));
const noWait = { ratePerMinute: 6000, sleep: async () => {} };
let admin: { id: string; email: string; role: 'admin' };

async function give(email: string, firstName: string, amount: number) {
  const donation = await recordDonation({ kind: 'one-time', cause: 'general', amount, firstName, lastName: 'Donor', email, homeAddress: '1 Bay St', phoneNumber: null }, null);
  const checkout = await startCheckout(donationCheckout(donation));
  await payTestCheckout(checkout.sessionId);
}

beforeAll(async () => {
  await createSiteSettings(database.db(), { associationName: 'Lakeview PPA' });
  const account = await createAccount(database.db(), { role: 'admin' });
  admin = { id: account.id, email: account.email, role: 'admin' };
});

describe('year-end statements', () => {
  it('refuses a year nobody gave in, and sends nothing', async () => {
    await expect(startYearEndStatements(admin, year - 1)).rejects.toMatchObject({ code: 'conflict', message: `Nobody gave in ${year - 1}, so there are no statements to send.` });
  });

  it('sends each donor of the year one message with their own statement attached, with progress', async () => {
    await give('first.donor@example.org', 'Amara', 5000);
    await give('First.Donor@example.org', 'Amara', 2500);
    await give('second.donor@example.org', 'Bhanu', 10000);
    await sendPendingMailings(noWait); // any mailing another test left (tests run in random order)
    const donors = (await donorsOfYear(admin, year)).length;
    const started = await startYearEndStatements(admin, year);
    expect(started.recipients).toBe(donors);
    expect(donors).toBeGreaterThanOrEqual(2);
    await expect(startYearEndStatements(admin, year)).rejects.toMatchObject({ code: 'conflict', message: `The ${year} statements are already being sent.` });
    expect((await getMailing(admin, started.mailing.id)).progress).toMatchObject({ total: donors, pending: donors });

    expect(await sendPendingMailings(noWait)).toMatchObject({ sent: donors, failed: 0 });
    const { progress, audienceLabel } = await getMailing(admin, started.mailing.id);
    expect(progress).toMatchObject({ total: donors, sent: donors });
    expect(audienceLabel).toBe(`The donors of ${year}, each with their giving statement`);

    for (const email of ['first.donor@example.org', 'second.donor@example.org']) {
      const received = (await deliveredMailsTo(email)).filter((mail) => mail.subject === `Your ${year} giving statement from Lakeview PPA`);
      expect(received).toHaveLength(1);
      const [pdf] = received[0]!.attachments;
      expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `giving-statement-${year}-${email.startsWith('first') ? 'amara' : 'bhanu'}-donor.pdf` });
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await readPdf(new Uint8Array(pdf!.content))).subject?.toLowerCase()).toContain(email);
    }
    const rows = await database.db().select().from(mailingRecipients).where(eq(mailingRecipients.mailingId, started.mailing.id));
    expect(rows.map((row) => row.status)).toEqual(Array(donors).fill('sent'));
  });

  it('may not be started by finance, who cannot mail members', async () => {
    await expect(startYearEndStatements({ id: 'x', email: 'finance@example.org', role: 'finance' }, year)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('the finance view’s Mail all statements', () => {
  const post = (cookie: string, values: Record<string, string>) => financeAction(postArgs('/admin/finance', { intent: 'send-statements', ...values }, { cookie }) as never);

  it('asks first, then starts the mailing and leads to its progress; a bad year is refused; finance may not', async () => {
    await give('route.donor@example.org', 'Chandra', 4000);
    const { cookie } = await createSignedInAccount(database.db(), { role: 'admin' });
    const refused = (await post(cookie, { year: 'next' })) as { init: ResponseInit | null };
    expect(refused.init?.status).toBe(400);
    await sendPendingMailings(noWait); // any mailing an earlier test left
    const asked = (await post(cookie, { year: String(year) })) as { data: { asking: { year: number; recipients: number } | null } };
    expect(asked.data.asking).toEqual({ year, recipients: (await donorsOfYear(admin, year)).length });
    const answer = (await post(cookie, { year: String(year), confirmed: 'yes' })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toMatch(/^\/admin\/mail\/\d+$/);
    const finance = await createSignedInAccount(database.db(), { role: 'finance' });
    await expect(post(finance.cookie, { year: String(year) })).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe('a donor’s statements in the portal', () => {
  const download = (cookie: string, file: string) => statementLoader(routeArgs(`/members-portal/statements/${file}`, { headers: { cookie } }, { file }) as never) as Promise<Response>;

  it('lists the years they gave and downloads their own statement; other years and strangers get 404', async () => {
    const { account, cookie } = await createSignedInAccount(database.db(), { email: 'portal.donor@example.org' });
    await saveReceiptSettings(admin, { legalName: 'Lakeview PPA NA', registrationNumber: '11111 2222 RR0001', address: '1 Bay St', signerName: 'Anjali Perera' });
    await give('Portal.Donor@example.org', 'Dilini', 3000); // given as a guest, with the same address
    const page = (await paymentsLoader(routeArgs('/members-portal/payments', { headers: { cookie } }) as never)) as { statementYears: number[] };
    expect(page.statementYears).toEqual([year]);
    // A gift made signed in shows its receipt number under My Payments.
    const signedIn = await recordDonation(
      { kind: 'one-time', cause: 'general', amount: 1200, firstName: 'Dilini', lastName: 'Donor', email: 'portal.donor@example.org', homeAddress: '1 Bay St', phoneNumber: null },
      account.id,
    );
    await payTestCheckout((await startCheckout(donationCheckout(signedIn))).sessionId);
    const again = (await paymentsLoader(routeArgs('/members-portal/payments', { headers: { cookie } }) as never)) as {
      payments: Array<{ id: string; referenceId: string }>;
      receiptNumbers: Record<string, string>;
    };
    const paid = again.payments.find((payment) => payment.referenceId === signedIn.id)!;
    expect(again.receiptNumbers[paid.id]).toMatch(/^\d{8}$/);
    const own = await download(cookie, `${year}.pdf`);
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = Buffer.from(await own.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The statement names the issuer as Settings → 'Gift receipts' has it.
    expect(await pdfText(bytes)).toContain('Charity registration no. 11111 2222 RR0001');
    expect((await download(cookie, `${year - 1}.pdf`)).status).toBe(404);
    expect((await download(cookie, 'nonsense')).status).toBe(404);
    const stranger = await createSignedInAccount(database.db(), { email: 'no.gifts@example.org' });
    expect((await download(stranger.cookie, `${year}.pdf`)).status).toBe(404);
  });
});
