import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceId, forgetScans, queuedScans, queueScan, readList, saveList, type QueuedScan, type StoredList } from './check-in-store';
import { checkLocally, type DoorTicket } from '~/features/events/door-sync';
import { formatTime } from '~/lib/dates';

/**
 * The check-in page's door with and without the network (docs/product.md#tickets, ADR 013): online,
 * each check is a scan the server applies at once; offline (or when the request fails), the
 * downloaded list answers and the check-in waits in IndexedDB until the network returns.
 */
export type DoorAnswer = { tone: 'green' | 'amber' | 'red'; text: string; answers: DoorTicket['answers']; othersInOrder: string[]; offline: boolean };

type ScanResult =
  | { id: string; result: 'checked-in'; ticketId: number; name: string; tier: string; at: string }
  | { id: string; result: 'duplicate'; ticketId: number; name: string; tier: string; firstAt: string }
  | { id: string; result: 'refused'; ticketId: number; name: string; reason: string }
  | { id: string; result: 'not-for-event' };

const time = (iso: string) => formatTime(new Date(iso));

export function useDoor(eventId: number, enabled: boolean) {
  const [list, setList] = useState<StoredList | null>(null);
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [online, setOnline] = useState(true);
  const [ready, setReady] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const listRef = useRef(list);
  listRef.current = list;
  const busy = useRef(false);
  const url = `/check-in/${eventId}/door`;

  const refreshList = useCallback(async () => {
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) return null;
      const body = (await response.json()) as { downloadedAt: string; duplicates: number; tickets: DoorTicket[] };
      const fresh = { eventId, downloadedAt: body.downloadedAt, duplicates: body.duplicates, tickets: body.tickets };
      await saveList(fresh);
      setList(fresh);
      return fresh;
    } catch {
      return null;
    }
  }, [eventId, url]);

  const post = useCallback(
    async (scans: QueuedScan[] | { id: string; code: string; scannedAt: string; deviceId: string }[]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ scans: scans.map(({ id, code, scannedAt, deviceId }) => ({ id, code, scannedAt, deviceId })) }) });
      if (response.status >= 500) throw new Error(`sync answered ${response.status}`);
      return { status: response.status, body: (await response.json()) as { results?: ScanResult[]; duplicates?: number; error?: string } };
    },
    [url],
  );

  /** Marks a ticket checked in in the phone's list, so a second scan offline is amber. */
  const markCheckedIn = useCallback(async (ticketId: number, at: string) => {
    const current = listRef.current;
    if (!current) return;
    const next = { ...current, tickets: current.tickets.map((ticket) => (ticket.id === ticketId && ticket.status === 'valid' ? { ...ticket, status: 'checked_in' as const, checkedInAt: at } : ticket)) };
    await saveList(next);
    setList(next);
  }, []);

  const sync = useCallback(async () => {
    if (busy.current) return;
    const waiting = await queuedScans(eventId);
    if (waiting.length === 0) return;
    busy.current = true;
    setSyncing(true);
    try {
      const { status, body } = await post(waiting);
      if (status !== 200 || !body.results) {
        setNotices((old) => [`The check-ins could not be synced: ${body.error ?? `the server answered ${status}`}`, ...old]);
        return;
      }
      await forgetScans(waiting.map((scan) => scan.id));
      const told = body.results.flatMap((result) => {
        if (result.result === 'duplicate') return [`Duplicate: ${result.name} was already checked in at ${time(result.firstAt)}`];
        if (result.result === 'refused') return [`Not admitted at sync: ${result.name} — ${result.reason}`];
        if (result.result === 'not-for-event') return ['A synced scan was not a ticket for this event.'];
        return [];
      });
      const synced = body.results.filter((result) => result.result === 'checked-in').length;
      setNotices((old) => [...told, ...(synced > 0 ? [`${synced === 1 ? '1 check-in' : `${synced} check-ins`} synced.`] : []), ...old].slice(0, 20));
      setQueue(await queuedScans(eventId));
      await refreshList();
    } catch {
      // Still no network: the scans stay queued for the next try.
    } finally {
      busy.current = false;
      setSyncing(false);
    }
  }, [eventId, post, refreshList]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    keepPageOnPhone();
    void (async () => {
      const [stored, waiting] = await Promise.all([readList(eventId), queuedScans(eventId)]);
      if (cancelled) return;
      setList(stored ?? null);
      setQueue(waiting);
      setOnline(navigator.onLine);
      setReady(true);
      if (navigator.onLine && (await refreshList())) await sync();
    })();
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      cancelled = true;
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [enabled, eventId, refreshList, sync]);

  const show = useCallback((shown: DoorAnswer): DoorAnswer => {
    setAnswer(shown);
    return shown;
  }, []);

  /** Checks a scanned value or typed code: on the server when it can be reached, else on this phone. */
  const check = useCallback(
    async (input: string): Promise<DoorAnswer> => {
      const scan = { id: crypto.randomUUID(), code: input.trim().slice(0, 200), scannedAt: new Date().toISOString(), deviceId: await deviceId() };
      let tickets = listRef.current?.tickets ?? [];
      const othersOf = (ticketId: number, orderId: string) => tickets.filter((ticket) => ticket.orderId === orderId && ticket.id !== ticketId && ticket.status === 'valid').map((ticket) => ticket.code);
      const answersOf = (ticketId: number) => tickets.find((ticket) => ticket.id === ticketId)?.answers ?? [];
      if (navigator.onLine && scan.code) {
        try {
          const { status, body } = await post([scan]);
          const result = body.results?.[0];
          if (status !== 200 || !result) return show({ tone: 'red', text: body.error ?? 'The check could not be made.', answers: [], othersInOrder: [], offline: false });
          // A ticket the phone's list does not know yet (the list still downloading, or bought since): fetch it for its answers.
          if ('ticketId' in result && !tickets.some((ticket) => ticket.id === result.ticketId)) tickets = (await refreshList())?.tickets ?? tickets;
          if (result.result === 'checked-in') {
            await markCheckedIn(result.ticketId, result.at);
            const orderId = tickets.find((ticket) => ticket.id === result.ticketId)?.orderId;
            return show({ tone: 'green', text: `Valid — ${result.name}, ${result.tier}`, answers: answersOf(result.ticketId), othersInOrder: orderId ? othersOf(result.ticketId, orderId) : [], offline: false });
          }
          if (result.result === 'duplicate') return show({ tone: 'amber', text: `Already checked in at ${time(result.firstAt)} — ${result.name}, ${result.tier}`, answers: answersOf(result.ticketId), othersInOrder: [], offline: false });
          if (result.result === 'refused') return show({ tone: 'red', text: `${result.reason} (${result.name})`, answers: [], othersInOrder: [], offline: false });
          return show({ tone: 'red', text: 'Not a ticket for this event', answers: [], othersInOrder: [], offline: false });
        } catch {
          // No answer from the server: the phone's list decides, as when offline.
        }
      }
      const checkedHere = new Map((await queuedScans(eventId)).map((queued) => [queued.ticketId, queued.scannedAt]));
      const local = checkLocally(tickets, checkedHere, scan.code);
      if (local.result === 'not-for-event') {
        const text = listRef.current ? 'Not a ticket for this event' : 'Not a ticket for this event — the list is not on this phone yet: connect once to download it';
        return show({ tone: 'red', text, answers: [], othersInOrder: [], offline: true });
      }
      const { ticket } = local;
      if (local.result === 'not-valid') return show({ tone: 'red', text: `${local.reason} (${ticket.name})`, answers: [], othersInOrder: [], offline: true });
      if (local.result === 'already') {
        const where = local.onThisPhone ? 'on this phone ' : '';
        return show({ tone: 'amber', text: `Already checked in ${where}at ${local.at ? time(local.at) : 'an earlier time'} — ${ticket.name}, ${ticket.tier}`, answers: ticket.answers, othersInOrder: [], offline: true });
      }
      await queueScan({ ...scan, eventId, ticketId: ticket.id, code: ticket.code });
      const waiting = await queuedScans(eventId);
      setQueue(waiting);
      const queuedIds = new Set(waiting.map((queued) => queued.ticketId));
      const others = othersOf(ticket.id, ticket.orderId).filter((code) => !queuedIds.has(tickets.find((other) => other.code === code)!.id));
      return show({ tone: 'green', text: `Valid — ${ticket.name}, ${ticket.tier}`, answers: ticket.answers, othersInOrder: others, offline: true });
    },
    [eventId, markCheckedIn, post, refreshList, show],
  );

  /** The rest of an order, one check each (a family arriving together). */
  const checkAll = useCallback(
    async (codes: readonly string[]) => {
      let admitted = 0;
      for (const code of codes) if ((await check(code)).tone === 'green') admitted += 1;
      setAnswer(null);
      setNotices((old) => [admitted === 1 ? 'One more ticket checked in.' : `${admitted} more tickets checked in.`, ...old].slice(0, 20));
    },
    [check],
  );

  return { ready, online, list, queue, syncing, answer, notices, check, checkAll, sync, refreshList };
}

/**
 * Registers the check-in pages' service worker (public/check-in-sw.js, ADR 013) and hands it this
 * page and the files it loaded, so a reload without the network still opens the page.
 */
function keepPageOnPhone() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register('/check-in-sw.js', { scope: '/check-in/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && /^\/(assets|icons)\/|^\/favicon\.svg$|\/manifest\.webmanifest$/.test(url.pathname))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: 'keep', page: location.pathname, files });
    })
    .catch(() => undefined);
}
