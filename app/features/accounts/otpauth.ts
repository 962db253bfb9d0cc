/**
 * The address an authenticator app reads from the set-up's QR code (docs/product.md#security): the
 * Key Uri Format of RFC 6238 apps, with the secret in Base32 (RFC 4648, no padding), as better-auth
 * builds it when it enables two-step sign-in.
 */
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return output;
}

/** better-auth's secret is a random string whose UTF-8 bytes are the key. */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const params = new URLSearchParams({ secret: base32Encode(new TextEncoder().encode(secret)), issuer, digits: '6', period: '30' });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params.toString()}`;
}

/** The Base32 secret in groups of four, easier to type into an app than one long word. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}
