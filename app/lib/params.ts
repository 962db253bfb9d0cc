import { data } from 'react-router';

const MAX_SERIAL = 2_147_483_647;

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
