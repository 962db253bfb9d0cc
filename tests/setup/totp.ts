import { createHmac } from 'node:crypto';

/**
 * What an authenticator app computes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) from the
 * Base32 key the set-up page shows, so tests sign in with a code as a person would.
 */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let buffer = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not Base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totpCode(base32Key: string, at = Date.now(), step = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / step)));
  const digest = createHmac('sha1', base32Decode(base32Key)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** A code that is wrong at any moment near now (none of the steps the server accepts around it). */
export function wrongCode(base32Key: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(base32Key, Date.now() + step * 30_000)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

const lastStepGiven = new Map<string, number>();

/**
 * A code the server has not accepted yet for this key: a code works once (docs/product.md#security),
 * so each call gives a later step than the last, among those the server accepts (one either side
 * of now; the earlier one only while at least 10 s of it remain). When none is left it waits for
 * the clock to reach one: a condition, at most one step.
 */
export async function freshCode(base32Key: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const earliest = now % 30_000 < 20_000 ? current - 1 : current;
    const step = Math.max((lastStepGiven.get(base32Key) ?? -Infinity) + 1, earliest);
    if (step <= current + 1) {
      lastStepGiven.set(base32Key, step);
      return totpCode(base32Key, step * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
