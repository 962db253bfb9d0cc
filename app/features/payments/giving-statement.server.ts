import { donationCauses } from '~/features/donations/causes';
import { formatLongDate } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import { renderPdf, type PdfWriter } from '~/lib/pdf.server';
import type { GivingStatement } from './finance.server';

/**
 * A donor's year-end giving statement as a PDF (docs/product.md#finance), drawn by the site's one
 * PDF writer (`lib/pdf.server.ts`: names print in every script they are written in): US Letter, the
 * association's name and address, the donor, each gift with its receipt number and what was
 * refunded of it, the total, and the no-goods-or-services sentence donors' tax returns ask for.
 */

export const noGoodsOrServices = 'No goods or services were provided in exchange for these contributions.';

const navy = '#142240';
const grey = '#55606f';

/** The title of a donor's statement: the PDF's title, which the viewer shows. */
export function givingStatementTitle(statement: Pick<GivingStatement, 'year' | 'donor'>): string {
  return `Giving statement ${statement.year} — ${statement.donor.name}`;
}

/** A gift's receipt as the statement prints it: the number in force, or the last one, cancelled by a full refund. */
function receiptText(receipt: GivingStatement['donor']['gifts'][number]['receipt']): string {
  if (!receipt) return '—';
  return receipt.cancelled ? `${receipt.number} (cancelled)` : receipt.number;
}

export function renderGivingStatement(statement: GivingStatement): Promise<Uint8Array> {
  const { donor, association, year } = statement;
  return renderPdf({ title: givingStatementTitle(statement), author: association.name, subject: `Gifts of ${donor.name} (${donor.email}) in ${year}`, createdAt: statement.issuedOn }, (pdf) =>
    drawStatement(pdf, statement),
  );
}

function drawStatement(pdf: PdfWriter, statement: GivingStatement) {
  const { donor, association, year } = statement;
  const { margin, width } = pdf.page;
  const right = width - margin;

  // The association.
  pdf.down(14);
  pdf.paragraph(association.name, { size: 16, weight: 'bold', lineGap: 18 });
  for (const part of association.address.split(/\r?\n/).filter((entry) => entry.trim())) pdf.paragraph(part.trim(), { size: 9, color: grey, lineGap: 12 });
  const contact = [association.email, association.phone].filter(Boolean).join('  ·  ');
  if (contact) pdf.paragraph(contact, { size: 9, color: grey, lineGap: 12 });
  // The issuer as Settings → 'Gift receipts' names it (docs/product.md#gift-receipts).
  const issuer = statement.issuer;
  if (issuer?.legalName || issuer?.registrationNumber) {
    pdf.paragraph([issuer.legalName, issuer.registrationNumber ? `Charity registration no. ${issuer.registrationNumber}` : ''].filter(Boolean).join('  ·  '), { size: 9, color: grey, lineGap: 12 });
  }
  pdf.down(2);
  pdf.rule(margin, right);
  pdf.down(32);

  // The statement and the donor.
  pdf.text(`Year-end giving statement ${year}`, { size: 18, weight: 'bold', role: 'H1' });
  pdf.down(18);
  pdf.text(`Issued ${formatLongDate(statement.issuedOn)}`, { size: 9, color: grey });
  pdf.down(26);
  pdf.text('Donor', { size: 9, weight: 'bold', color: grey, role: 'H2' });
  pdf.down(16);
  pdf.paragraph(donor.name, { size: 12, weight: 'bold', lineGap: 16 });
  pdf.paragraph(donor.email, { size: 10, lineGap: 26 });
  pdf.paragraph(`Thank you for your generosity. This statement lists the gifts you made to ${association.name} from January 1 to December 31, ${year}, less any amount refunded to you.`);
  pdf.down(12);

  // The gifts: date, cause, receipt number, amount, refunded, net.
  const columns = { date: margin, cause: margin + 104, receipt: margin + 204, amount: right - 140, refunded: right - 70, net: right };
  const header = () => {
    pdf.text('Date', { size: 9, weight: 'bold', color: grey, x: columns.date });
    pdf.text('Cause', { size: 9, weight: 'bold', color: grey, x: columns.cause });
    pdf.text('Receipt no.', { size: 9, weight: 'bold', color: grey, x: columns.receipt });
    pdf.text('Amount', { size: 9, weight: 'bold', color: grey, alignRight: columns.amount });
    pdf.text('Refunded', { size: 9, weight: 'bold', color: grey, alignRight: columns.refunded });
    pdf.text('Net', { size: 9, weight: 'bold', color: grey, alignRight: columns.net });
    pdf.down(6);
    pdf.rule(margin, right, { thickness: 0.75 });
    pdf.down(14);
  };
  header();
  const hasTest = donor.gifts.some((gift) => !gift.livemode);
  for (const gift of donor.gifts) {
    if (pdf.ensureRoom(16)) header();
    pdf.text(formatLongDate(gift.paidAt), { x: columns.date });
    pdf.text(`${donationCauses[gift.cause].label}${gift.livemode ? '' : ' *'}`, { x: columns.cause });
    pdf.text(receiptText(gift.receipt), { x: columns.receipt, ...(gift.receipt?.cancelled ? { color: grey, size: 9 } : {}) });
    pdf.text(formatCents(gift.amountCents), { alignRight: columns.amount });
    pdf.text(gift.refundedCents ? `-${formatCents(gift.refundedCents)}` : '—', { alignRight: columns.refunded });
    pdf.text(formatCents(gift.amountCents - gift.refundedCents), { alignRight: columns.net });
    pdf.down(16);
  }
  pdf.ensureRoom(40);
  pdf.down(-8);
  pdf.rule(margin, right, { thickness: 0.75 });
  pdf.down(16);
  pdf.text(`Total contributions in ${year}`, { weight: 'bold', x: columns.date });
  pdf.text(formatCents(donor.netCents), { weight: 'bold', alignRight: columns.net });
  pdf.down(30);

  pdf.paragraph(noGoodsOrServices, { size: 10, weight: 'bold', color: navy });
  if (hasTest) {
    pdf.down(6);
    pdf.paragraph('* Test payment: made in test mode, no money moved. It is listed for checking only.', { size: 9, color: grey });
  }
  pdf.down(10);
  pdf.paragraph('Please keep this statement with your tax records.', { size: 9, color: grey });
  if (issuer?.signerName) {
    pdf.down(10);
    pdf.paragraph(`Authorised signature: ${issuer.signerName}`, { size: 9, color: grey });
  }
}
