import { randomInt } from 'node:crypto';
import { hasValidSignature, sign } from '~/lib/signing.server';

/**
 * The codes on a ticket (docs/product.md#tickets). The **code** is 8 random letters and digits
 * (no 0/O, 1/I/L), what a volunteer types at the door. The **QR value** is `PPA1:{code}:{signature}`:
 * the signature is made with the site's secret, so a value cannot be guessed or altered, and it
 * names no record (no ids in clear). An order's **link token** opens its tickets without signing in.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const QR_SIGNATURE_LENGTH = 22;

export function newTicketCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** How a code is printed: two groups of four, "K7QX-93MD". */
export function formatTicketCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export function qrValueFor(code: string): string {
  return `PPA1:${code}:${sign('ticket', code, QR_SIGNATURE_LENGTH)}`;
}

/**
 * The ticket code in what was scanned or typed: a genuine QR value, or a code typed at the door
 * (any case, with or without the dash or spaces). null for anything else: a forged or altered QR
 * value never reaches the database.
 */
export function codeFromInput(input: string): string | null {
  const text = input.trim();
  const qr = /^PPA1:([A-Z0-9]{8}):([\w-]{22})$/.exec(text);
  if (qr) return hasValidSignature('ticket', qr[1]!, qr[2]!, QR_SIGNATURE_LENGTH) ? qr[1]! : null;
  const typed = text.toUpperCase().replace(/[\s-]/g, '');
  if (typed.length !== CODE_LENGTH || [...typed].some((character) => !ALPHABET.includes(character))) return null;
  return typed;
}

/** The address of an order's tickets, for redirects on this site (the mail uses the full URL). */
export function ticketOrderPath(orderId: string): string {
  return `/tickets/${orderId}?t=${orderLinkToken(orderId)}`;
}

/** The order's event as an .ics file (the ticket page's and the mail's 'Add to calendar'), opened with the same token. */
export function ticketCalendarPath(orderId: string): string {
  return `/tickets/${orderId}/event.ics?t=${orderLinkToken(orderId)}`;
}

/** The token in an order's ticket link (/tickets/{orderId}?t=…): whoever has the mail may open it. */
export function orderLinkToken(orderId: string): string {
  return sign('ticket-order', orderId, 32);
}

export function isOrderLinkToken(orderId: string, token: string): boolean {
  return hasValidSignature('ticket-order', orderId, token, 32);
}
