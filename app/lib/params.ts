import { data } from 'react-router';

const MAX_SERIAL = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a form or URL can be one of our uuid ids (anything else would make PostgreSQL refuse the query). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A route's numeric id ("42"), or null for anything else ("abc", "0", "1e3", "%00", too large). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_SERIAL ? id : null;
}

/** Thrown by loaders for a missing record: the route's ErrorBoundary shows its not-found page with HTTP 404. */
export function notFound(message = 'Not Found'): never {
  throw data(message, { status: 404, statusText: 'Not Found' });
}
