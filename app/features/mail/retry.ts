/**
 * When a transactional mail that could not leave is tried again (docs/architecture/mail.md): after
 * 1 minute, 5, 15, an hour, 4 hours, then every 12 hours, until MAX_ATTEMPTS; a refusal that
 * will not change by trying again (an SMTP 5xx to the message or its recipient) ends it at once.
 */
const MINUTE = 60_000;
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 240 * MINUTE, 720 * MINUTE] as const;

/** Attempts in all (about two days of trying) before a mail is marked failed. */
export const MAX_ATTEMPTS = 8;

/** How long to wait after the `attempts`-th failed attempt (1 for the first). */
export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

/**
 * What becomes of a mail after a failed attempt: tried again at a later moment, or failed for good.
 * `error` is what nodemailer threw: a `responseCode` of 5xx is the mail server's final word on this
 * message, except while signing in (`EAUTH`) or greeting, which is the site's configuration and
 * will change once it is fixed.
 */
export function afterFailure(error: unknown, attempts: number, now: Date): { status: 'pending'; nextAttemptAt: Date } | { status: 'failed' } {
  if (isPermanentRefusal(error) || attempts >= MAX_ATTEMPTS) return { status: 'failed' };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
}

export function isPermanentRefusal(error: unknown): boolean {
  const failure = (error ?? {}) as { responseCode?: unknown; code?: unknown; command?: unknown };
  if (typeof failure.responseCode !== 'number' || failure.responseCode < 500 || failure.responseCode > 599) return false;
  if (failure.code === 'EAUTH' || failure.code === 'ECONNECTION' || failure.code === 'EPROTOCOL') return false;
  return !(typeof failure.command === 'string' && /^(CONN|EHLO|HELO|AUTH|STARTTLS)/i.test(failure.command));
}

/**
 * The error kept on the row and shown to admins: the mail server's words without the addresses
 * they may quote ("550 5.1.1 <ann@example.org>: no such user"), one line, at most 300 characters.
 */
export function describeFailure(error: unknown): string {
  const failure = (error ?? {}) as { response?: unknown; message?: unknown; code?: unknown };
  const words = typeof failure.response === 'string' ? failure.response : typeof failure.message === 'string' ? failure.message : String(error);
  const code = typeof failure.code === 'string' && !words.includes(failure.code) ? `${failure.code}: ` : '';
  return `${code}${words}`
    .replace(/<?[^\s<>@"']+@[^\s<>@"',;]+>?/g, '<address>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
