import { eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { mailSuppressions } from '~/db/schema/mailings';
import { env } from '~/lib/env.server';
import { hasValidSignature, sign } from '~/lib/signing.server';

/**
 * Unsubscribing from messages to members (docs/product.md#unsubscribing): every message carries a
 * link, and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058), to
 * `/unsubscribe/{token}`. The token is the address and its signature, so it works without signing
 * in and cannot be made for someone else's address. Transactional mail ignores the list.
 */
const PURPOSE = 'unsubscribe';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function unsubscribeToken(email: string): string {
  const address = normalizeEmail(email);
  return `${Buffer.from(address).toString('base64url')}.${sign(PURPOSE, address, 22)}`;
}

export function unsubscribeUrl(email: string): string {
  return `${env().publicUrl}/unsubscribe/${unsubscribeToken(email)}`;
}

/** The address a token stands for, or null for anything this server did not make. */
export function readUnsubscribeToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const address = Buffer.from(match[1]!, 'base64url').toString('utf8');
  return hasValidSignature(PURPOSE, address, match[2]!, 22) ? address : null;
}

/** The headers that let a mail program offer its own one-click Unsubscribe button. */
export function unsubscribeHeaders(email: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(email)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type Subscription = { email: string; subscribed: boolean; reason: 'unsubscribed' | 'bounced' | null };

export async function subscriptionOf(email: string): Promise<Subscription> {
  const [row] = await db()
    .select({ reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.email, normalizeEmail(email)))
    .limit(1);
  return { email: normalizeEmail(email), subscribed: !row, reason: row?.reason ?? null };
}

/** Stops messages to members for the address; doing it twice changes nothing. */
export async function unsubscribe(email: string, mailingId: number | null = null): Promise<void> {
  await db()
    .insert(mailSuppressions)
    .values({ email: normalizeEmail(email), reason: 'unsubscribed', mailingId })
    .onConflictDoUpdate({ target: mailSuppressions.email, set: { reason: 'unsubscribed', detail: null } });
}

/** The person changed their mind (or fixed their mailbox): messages to members reach them again. */
export async function resubscribe(email: string): Promise<void> {
  await db()
    .delete(mailSuppressions)
    .where(eq(mailSuppressions.email, normalizeEmail(email)));
}

/** A mail server refused the address for good: no more messages to members go to it. */
export async function recordBounce(tx: Executor, email: string, detail: string, mailingId: number): Promise<void> {
  await tx
    .insert(mailSuppressions)
    .values({ email: normalizeEmail(email), reason: 'bounced', detail, mailingId })
    .onConflictDoNothing();
}
