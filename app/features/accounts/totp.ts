import { createHmac } from 'node:crypto';

/**
 * Authenticator codes (RFC 6238, as better-auth's two-factor plugin checks them: HMAC-SHA1 of the
 * secret's UTF-8 bytes, 30-second steps, 6 digits, one step either side of now). Which step a code
 * belongs to, so that a code accepted once is refused after (docs/architecture/accounts.md#two-step-sign-in).
 */
export const TOTP_PERIOD_SECONDS = 30;
const WINDOW = 1;

/** The code of one step (RFC 4226's HOTP with the step as its counter). */
export function hotp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The step `at` falls in. */
export const totpStepAt = (at: number) => Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);

/** The step whose code `code` is, among those accepted at `now`; null when it is none of them. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const current = totpStepAt(now);
  for (let step = current - WINDOW; step <= current + WINDOW; step += 1) if (hotp(secret, step) === code.trim()) return step;
  return null;
}
