import { isDatabaseUnavailable } from '~/lib/outage';

/**
 * What a failed PostgreSQL connection means, in words an operator acts on: for the start
 * (boot.server.ts), and for the commands that connect without starting the site (backup, restore,
 * migrate), which must not load the start's code (its sample content).
 */

/** Where a DATABASE_URL points, for messages: host and port, never the user or password. */
export function databaseAddress(databaseUrl: string): { where: string; user: string; database: string } {
  const url = new URL(databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return { where: `${host}:${url.port || '5432'}`, user: decodeURIComponent(url.username), database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) };
}

const retryableCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', '57P03']);

/**
 * Whether a failed connection is worth trying again (the server is down, starting, or its name not
 * yet known to DNS, as in a container just started) or a mistake in the configuration that waiting
 * will not mend.
 */
export function isTransientConnectError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && retryableCodes.has(code);
}

/** The message for a configuration PostgreSQL refuses; the server's own words where it gives the reason. */
export function describeConnectError(error: unknown, databaseUrl: string): string {
  const { where, user, database } = databaseAddress(databaseUrl);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  switch (code) {
    case '28P01':
      return `PostgreSQL at ${where} refused the password of user "${user}": correct the password in DATABASE_URL.`;
    case '3D000':
      return `Database "${database}" does not exist on the PostgreSQL server at ${where}: create it (createdb ${database}) or correct DATABASE_URL.`;
    case '28000':
    case '42501':
      return `PostgreSQL at ${where} does not let user "${user}" connect to database "${database}": ${text}`;
    default:
      return `Could not connect to PostgreSQL at ${where}: ${text}`;
  }
}
