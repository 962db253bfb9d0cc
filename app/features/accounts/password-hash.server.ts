import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword as verifyEarlierHash } from 'better-auth/crypto';

/**
 * Password hashes (docs/architecture/accounts.md#password-hashes, ADR 029): scrypt with N = 2^13,
 * r = 8, p = 10, one of OWASP's equivalent scrypt settings, which takes 8 MB for each hash or check
 * where better-auth's own (N = 2^14, r = 16, p = 1) takes 32 MB. Stored as a PHC string that
 * names its cost (`$scrypt$ln=13,r=8,p=10$salt$key`, unpadded base64), so a later change of cost can
 * check older hashes with theirs. Hashes better-auth made before (`salt:key` in hex, its cost) are
 * still checked with its own code, and replaced at the next sign-in (`isCurrent`).
 */
export const passwordCost = { ln: 13, r: 8, p: 10 } as const;
type Cost = { ln: number; r: number; p: number };

const keyLength = 64;
const phc = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{86})$/;
const earlier = /^[0-9a-f]{32}:[0-9a-f]{128}$/;
const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function derive(password: string, salt: Buffer, { ln, r, p }: Cost): Promise<Buffer> {
  const N = 2 ** ln;
  return new Promise((resolve, reject) =>
    // As better-auth does: the same password typed in another Unicode form gives the same key.
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 2 * 128 * N * r }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Parses a stored hash of ours; null for anything else. Costs past what we would ever set are refused. */
function parse(hash: string): { cost: Cost; salt: Buffer; key: Buffer } | null {
  const match = phc.exec(hash);
  if (!match) return null;
  const [ln, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (ln < 10 || ln > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { cost: { ln, r, p }, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, passwordCost);
  return `$scrypt$ln=${passwordCost.ln},r=${passwordCost.r},p=${passwordCost.p}$${base64(salt)}$${base64(key)}`;
}

/** Whether `password` is the one `hash` was made from (ours, or better-auth's earlier format). */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const ours = parse(hash);
  if (ours) return timingSafeEqual(await derive(password, ours.salt, ours.cost), ours.key);
  if (earlier.test(hash)) return verifyEarlierHash({ hash, password });
  throw new Error('A stored password hash is in no format this site knows');
}

/** Whether a hash is made as `hashPassword` makes one now: if not, the next sign-in replaces it. */
export function isCurrent(hash: string): boolean {
  const ours = parse(hash);
  return ours !== null && ours.cost.ln === passwordCost.ln && ours.cost.r === passwordCost.r && ours.cost.p === passwordCost.p;
}
