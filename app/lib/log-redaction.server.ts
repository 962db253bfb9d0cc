import { isIP } from 'node:net';

/**
 * What keeps personal data out of the log (docs/architecture/logs.md): the log's lines are written
 * from messages that name records by id, never by a person's email, name or address; these
 * functions are the net under that rule. They mask what can be recognised in any text (e-mail
 * addresses, query strings, inside a request IP addresses), shorten request paths to what is not a
 * secret, and turn errors into fields without the values a database error or a failed query carries.
 */

const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** A query string after something that looks like a path or an address: `/login?tab=signup`, `…/v?token=…`. */
const QUERY = /(?<=[\w/.%-])\?[^\s"'<>#\\]+/g;
const IPV4 = /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])/g;
/** Candidates for IPv6 addresses (two colons at least); isIP decides, so `12:34:56` stays. */
const IPV6_HINT = /::|[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){5}/i;
const IPV6_CANDIDATE = /(?<![\w:.])[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?::\d{1,3}(?:\.\d{1,3}){3})?(?![\w:]|\.\d)/gi;

export type ScrubOptions = {
  /** Mask IP addresses too: inside a request, any address may be the visitor's. */
  addresses: boolean;
  /** Keep query strings: only the development outbox line's links (features/mail), which developers follow. */
  keepQueries?: boolean;
};

/**
 * `text` with e-mail addresses, query strings and (when asked) IP addresses masked. It runs on
 * every line written, the access log's included: each pattern runs only where a cheap test finds
 * what it needs (an `@`, a `?`, a `::`).
 */
export function scrubText(text: string, options: ScrubOptions = { addresses: true }): string {
  let scrubbed = text;
  if (scrubbed.includes('@')) scrubbed = scrubbed.replace(EMAIL, '[email]');
  if (!options.keepQueries && scrubbed.includes('?')) scrubbed = scrubbed.replace(QUERY, '?[query]');
  if (options.addresses) {
    if (IPV6_HINT.test(scrubbed)) scrubbed = scrubbed.replace(IPV6_CANDIDATE, (match) => ((match.includes('::') || match.split(':').length >= 7) && isIP(match) ? '[ip]' : match));
    scrubbed = scrubbed.replace(IPV4, (match) => (isIP(match) ? '[ip]' : match));
  }
  return scrubbed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/**
 * A request's path as the log keeps it: without its query string, and with every segment that may
 * be a secret (an unsubscribe link's token holds the address, a reset link's its key) replaced by
 * `[token]`: 20 characters or more that are neither a record's id (a UUID) nor a hyphenated slug.
 */
export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const segments = path.split('/').map((segment) => (segment.length >= 20 && !UUID.test(segment) && !SLUG.test(segment) ? '[token]' : segment));
  const joined = segments.join('/');
  return scrubText(joined.length > 200 ? `${joined.slice(0, 200)}…` : joined);
}

export type LoggedError = {
  type: string;
  message: string;
  /** PostgreSQL's SQLSTATE, or a Node error code (ECONNREFUSED). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The statement of a failed query: its text only, never its parameters. */
  query?: string;
  status?: number;
  stack?: string;
  cause?: LoggedError;
};

type ErrorLike = Error & Record<string, unknown>;

const isDatabaseError = (error: ErrorLike) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
/** Drizzle's DrizzleQueryError: its message is the query and then its parameters (names, emails, addresses). */
const isFailedQuery = (error: ErrorLike) => typeof error.query === 'string' && 'params' in error;

function errorMessage(error: ErrorLike): string {
  if (isFailedQuery(error)) return 'Failed query';
  // PostgreSQL quotes the value it could not read at the end: `invalid input syntax for type uuid: "…"`.
  if (isDatabaseError(error)) return error.message.replace(/: "[^"]*"$/, ': "…"');
  return error.message;
}

/**
 * An error as the log keeps it: its type, message, code and stack, and its cause, without the
 * fields that carry data (a query's parameters, PostgreSQL's `detail` with the row's values, a
 * request's headers). The stack's first line is rebuilt from the kept message.
 */
export function serializeError(value: unknown, scrub: (text: string) => string = (text) => scrubText(text), depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    const text = typeof value === 'string' ? value : safeString(value);
    return { type: typeof value, message: scrub(text.slice(0, 500)) };
  }
  const error = value as ErrorLike;
  const type = error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name || 'Error';
  const message = scrub(errorMessage(error).slice(0, 1000));
  const logged: LoggedError = { type, message };
  if (typeof error.code === 'string' || typeof error.code === 'number') logged.code = String(error.code);
  for (const key of ['constraint', 'table', 'column'] as const) if (typeof error[key] === 'string') logged[key] = error[key];
  if (isFailedQuery(error)) logged.query = scrub((error.query as string).slice(0, 500));
  const status = error.status ?? error.statusCode;
  if (typeof status === 'number') logged.status = status;
  if (typeof error.stack === 'string') {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    if (frames.length > 0) logged.stack = [`${type}: ${message}`, ...frames.map((frame) => scrub(frame))].join('\n');
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, scrub, depth + 1);
  return logged;
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const levelNames: Record<string, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const hidden = new Set(['time', 'level', 'msg', 'pid', 'hostname', 'requestId', 'err', 'links']);

/**
 * A JSON log line as one readable line (development and `npm start`): time, level, message, the
 * other fields as key=value, the request id last. An error adds its type and message; at level
 * error its stack follows on the next lines, as do links (the development outbox's) one a line.
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = typeof entry.level === 'string' ? entry.level.toUpperCase() : (levelNames[String(entry.level)] ?? String(entry.level));
  const time = typeof entry.time === 'string' ? entry.time : new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString();
  const fields = Object.entries(entry)
    .filter(([key, value]) => !hidden.has(key) && value !== undefined)
    .map(([key, value]) => ` ${key}=${typeof value === 'string' && !/[\s"=]/.test(value) && value !== '' ? value : JSON.stringify(value)}`)
    .join('');
  const error = entry.err as LoggedError | undefined;
  const errorPart = error ? ` (${error.type}: ${error.message}${error.code ? `, ${error.code}` : ''})` : '';
  const request = typeof entry.requestId === 'string' ? ` [${entry.requestId}]` : '';
  let line = `${time} ${level.padEnd(5)} ${String(entry.msg ?? '')}${errorPart}${fields}${request}\n`;
  if (Array.isArray(entry.links)) for (const link of entry.links) line += `    ${String(link)}\n`;
  if (error?.stack && (level === 'ERROR' || level === 'FATAL')) {
    line += `${error.stack
      .split('\n')
      .slice(1)
      .map((frame) => `    ${frame.trim()}`)
      .join('\n')}\n`;
    for (let cause = error.cause; cause; cause = cause.cause) line += `    caused by ${cause.type}: ${cause.message}${cause.code ? ` (${cause.code})` : ''}\n`;
  }
  return line;
}
