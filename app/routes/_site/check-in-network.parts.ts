/**
 * How the check-in page asks the server (docs/architecture/door.md, ADR 018). Only an
 * answer from our server counts as one: a venue's Wi-Fi without internet leaves a request hanging
 * (so each has a time limit), refuses it, or answers in the server's place (a captive portal's page,
 * a proxy's 502). Each of these is "the server cannot be reached", whatever `navigator.onLine` says,
 * and the phone's list answers instead. Browser only.
 */
export type ServerAnswer<Body> = { reached: true; status: number; body: Body | null; headers: Headers } | { reached: false };

/**
 * How long the door waits for the server: a check, then the phone's list answers; the list; a sync,
 * a little longer for many scans. Until the server answers again, checks go straight to the list.
 */
export const checkTimeoutMs = 8_000;
export const listTimeoutMs = 8_000;
export const syncTimeoutMs = (scans: number) => Math.min(30_000, 8_000 + 50 * scans);

/**
 * `fetch` with a time limit, the body read included. JSON from the server is an answer (a 403 or a
 * 400 too: the server said no); a 304 is an answer without a body; anything else, or nothing in
 * time, is `{ reached: false }`.
 */
export async function askServer<Body>(url: string, init: RequestInit, timeoutMs: number, fetcher: typeof fetch = fetch): Promise<ServerAnswer<Body>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetcher(url, { ...init, signal: controller.signal });
    if (response.status === 304) return { reached: true, status: 304, body: null, headers: response.headers };
    // Our outage answer (503), or a gateway's error page: the server is not working for the door.
    if (response.status >= 500) return { reached: false };
    if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return { reached: false };
    return { reached: true, status: response.status, body: (await response.json()) as Body, headers: response.headers };
  } catch {
    return { reached: false };
  } finally {
    clearTimeout(timer);
  }
}
