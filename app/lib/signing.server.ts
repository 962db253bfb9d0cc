import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from './env.server';

/**
 * Values only this server can make: an HMAC-SHA256 of `purpose:payload` with the site's secret
 * (BETTER_AUTH_SECRET), base64url. The purpose keeps one kind of signed value from passing for
 * another (a ticket's QR value is not an order link). `length` shortens it for QR codes.
 */
export function sign(purpose: string, payload: string, length?: number): string {
  const signature = createHmac('sha256', env().authSecret).update(`${purpose}:${payload}`).digest('base64url');
  return length ? signature.slice(0, length) : signature;
}

/** Whether `given` is the signature `sign(purpose, payload, length)` makes, compared in constant time. */
export function hasValidSignature(purpose: string, payload: string, given: string, length?: number): boolean {
  const expected = Buffer.from(sign(purpose, payload, length));
  const provided = Buffer.from(given);
  return expected.length === provided.length && timingSafeEqual(expected, provided);
}
