import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { donationCauses } from '~/features/donations/causes';
import { formatLongDate } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import type { GivingStatement } from './finance.server';

/**
 * A donor's year-end giving statement as a PDF (docs/product.md#finance), drawn with pdf-lib's
 * standard Helvetica: US Letter, the association's name and address, the donor, each gift with what
 * was refunded of it, the total, and the no-goods-or-services sentence donors' tax returns ask for.
 */

export const noGoodsOrServices = 'No goods or services were provided in exchange for these contributions.';

const PAGE = { width: 612, height: 792 };
const MARGIN = 56;
const navy = rgb(0.078, 0.133, 0.251);
const grey = rgb(0.333, 0.376, 0.435);
const rule = rgb(0.886, 0.898, 0.918);

/**
 * The standard fonts encode WinAnsi only: a letter outside it (a Sinhala or Tamil name, say) would
 * stop the whole PDF. Accented letters lose their accent; anything else becomes '?'.
 */
export function pdfSafeText(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let safe = '';
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0)!;
    if (known.has(code)) safe += character;
    else if (character === '\t') safe += ' ';
    else {
      const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
      safe += [...base].every((part) => known.has(part.codePointAt(0)!)) && base !== '' ? base : '?';
    }
  }
  return safe;
}

type Writer = { page: PDFPage; y: number };

export async function renderGivingStatement(statement: GivingStatement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { donor, association, year } = statement;
  pdf.setTitle(pdfSafeText(`Giving statement ${year} — ${donor.name}`, regular));
  pdf.setAuthor(pdfSafeText(association.name, regular));
  pdf.setSubject(pdfSafeText(`Gifts of ${donor.name} (${donor.email}) in ${year}`, regular));
  pdf.setCreationDate(statement.issuedOn);

  const writer: Writer = { page: pdf.addPage([PAGE.width, PAGE.height]), y: PAGE.height - MARGIN };
  const text = (value: string, options: { x?: number; size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; alignRight?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = pdfSafeText(value, font);
    const x = options.alignRight !== undefined ? options.alignRight - font.widthOfTextAtSize(safe, size) : (options.x ?? MARGIN);
    writer.page.drawText(safe, { x, y: writer.y, size, font, color: options.color ?? navy });
  };
  const line = (gap: number) => {
    writer.y -= gap;
  };
  /** Lines of `value` no wider than `width` at `size`. */
  const wrap = (value: string, width: number, size: number, font = regular) => {
    const lines: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && font.widthOfTextAtSize(pdfSafeText(candidate, font), size) > width) {
          lines.push(current);
          current = word;
        } else current = candidate;
      }
      if (current) lines.push(current);
    }
    return lines;
  };
  const paragraph = (value: string, size = 10, font = regular, color = navy) => {
    for (const part of wrap(value, PAGE.width - 2 * MARGIN, size, font)) {
      ensureRoom(size + 4);
      text(part, { size, font, color });
      line(size + 4);
    }
  };
  const ensureRoom = (needed: number) => {
    if (writer.y - needed >= MARGIN) return;
    writer.page = pdf.addPage([PAGE.width, PAGE.height]);
    writer.y = PAGE.height - MARGIN;
  };

  // The association.
  text(association.name, { size: 16, font: bold });
  line(18);
  for (const part of association.address.split(/\r?\n/).filter((entry) => entry.trim())) {
    text(part.trim(), { size: 9, color: grey });
    line(12);
  }
  const contact = [association.email, association.phone].filter(Boolean).join('  ·  ');
  if (contact) {
    text(contact, { size: 9, color: grey });
    line(12);
  }
  // The issuer as Settings → 'Gift receipts' names it (docs/product.md#gift-receipts).
  const issuer = statement.issuer;
  if (issuer?.legalName || issuer?.registrationNumber) {
    text([issuer.legalName, issuer.registrationNumber ? `Charity registration no. ${issuer.registrationNumber}` : ''].filter(Boolean).join('  ·  '), { size: 9, color: grey });
    line(12);
  }
  line(10);
  writer.page.drawLine({ start: { x: MARGIN, y: writer.y }, end: { x: PAGE.width - MARGIN, y: writer.y }, thickness: 1, color: rule });
  line(28);

  // The statement and the donor.
  text(`Year-end giving statement ${year}`, { size: 18, font: bold });
  line(18);
  text(`Issued ${formatLongDate(statement.issuedOn)}`, { size: 9, color: grey });
  line(26);
  text('Donor', { size: 9, font: bold, color: grey });
  line(14);
  text(donor.name, { size: 12, font: bold });
  line(14);
  text(donor.email, { size: 10 });
  line(26);
  paragraph(`Thank you for your generosity. This statement lists the gifts you made to ${association.name} from January 1 to December 31, ${year}, less any amount refunded to you.`);
  line(12);

  // The gifts.
  const right = PAGE.width - MARGIN;
  const columns = { date: MARGIN, cause: MARGIN + 120, amount: right - 150, refunded: right - 75, net: right };
  const header = () => {
    text('Date', { size: 9, font: bold, color: grey, x: columns.date });
    text('Cause', { size: 9, font: bold, color: grey, x: columns.cause });
    text('Amount', { size: 9, font: bold, color: grey, alignRight: columns.amount });
    text('Refunded', { size: 9, font: bold, color: grey, alignRight: columns.refunded });
    text('Net', { size: 9, font: bold, color: grey, alignRight: columns.net });
    line(6);
    writer.page.drawLine({ start: { x: MARGIN, y: writer.y }, end: { x: right, y: writer.y }, thickness: 0.75, color: rule });
    line(14);
  };
  header();
  const hasTest = donor.gifts.some((gift) => !gift.livemode);
  for (const gift of donor.gifts) {
    if (writer.y - 16 < MARGIN) {
      ensureRoom(PAGE.height);
      header();
    }
    text(formatLongDate(gift.paidAt), { x: columns.date });
    text(`${donationCauses[gift.cause].label}${gift.livemode ? '' : ' *'}`, { x: columns.cause });
    text(formatCents(gift.amountCents), { alignRight: columns.amount });
    text(gift.refundedCents ? `-${formatCents(gift.refundedCents)}` : '—', { alignRight: columns.refunded });
    text(formatCents(gift.amountCents - gift.refundedCents), { alignRight: columns.net });
    line(16);
  }
  ensureRoom(40);
  line(-8);
  writer.page.drawLine({ start: { x: MARGIN, y: writer.y }, end: { x: right, y: writer.y }, thickness: 0.75, color: rule });
  line(16);
  text(`Total contributions in ${year}`, { font: bold, x: columns.date });
  text(formatCents(donor.netCents), { font: bold, alignRight: columns.net });
  line(30);

  paragraph(noGoodsOrServices, 10, bold);
  if (hasTest) {
    line(6);
    paragraph('* Test payment: made in test mode, no money moved. It is listed for checking only.', 9, regular, grey);
  }
  line(10);
  paragraph('Please keep this statement with your tax records.', 9, regular, grey);
  if (issuer?.signerName) {
    line(10);
    paragraph(`Authorised signature: ${issuer.signerName}`, 9, regular, grey);
  }
  return pdf.save();
}
