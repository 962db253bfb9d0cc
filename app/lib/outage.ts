/**
 * Whether an error means the database cannot be reached (it is down, restarting, refusing more
 * connections, or the network to it is gone), rather than a bug: such a page is answered 503
 * "try again in a minute", not 500 (root.tsx, entry.server.tsx). Drizzle wraps the driver's error,
 * so the whole `cause` chain is looked at.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
// PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown,
// crash, cannot connect now), and 53300 (too many connections).
const unavailableState = /^(08\d{3}|57P0[1-4]|53300)$/;
const unavailableMessage = /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableState.test(code))) return true;
    if (typeof message === 'string' && unavailableMessage.test(message)) return true;
    current = cause;
  }
  return false;
}

/** The code that says why the database cannot be reached (ECONNREFUSED, 57P01…), for a log line without a stack. */
export function outageCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}
