import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { askServer, checkTimeoutMs, listTimeoutMs, syncTimeoutMs, type ServerAnswer } from './check-in-network.parts';
import { deviceId, forgetScans, queuedScans, queueScan, readList, saveList, type QueuedScan, type StoredList } from './check-in-store.parts';
import { keepPageOnPhone } from './check-in-worker.parts';
import { checkLocally, doorCounts, type DoorTicket, type DoorTier } from '~/features/events/door-sync';
import { formatTime } from '~/lib/dates';

/**
 * The check-in page's door with and without the server (docs/product.md#tickets, ADRs 013 and 018):
 * while the server answers, each check is a scan it applies at once; when it does not (no network,
 * or a network that does not reach it), the downloaded list answers and the check-in waits in
 * IndexedDB. Every 10 seconds the door sends what waits and fetches the list (and with it the counts)
 * through `askServer`, never through React Router: a failed request changes what the page says, never
 * which page it is.
 */
export type DoorAnswer = { tone: 'green' | 'amber' | 'red'; text: string; answers: DoorTicket['answers']; othersInOrder: string[]; offline: boolean };

/**
 * Whether the server answers: `checking` until the first request ends; `no-network` when the browser
 * has none; `no-server` when it has one and the server did not answer in time (a Wi-Fi without internet).
 */
export type Connection = 'checking' | 'online' | 'no-network' | 'no-server';
export const isOffline = (connection: Connection) => connection === 'no-network' || connection === 'no-server';

/** How often the door asks the server: the sync of what waits, the list and the counts. */
export const roundEveryMs = 10_000;

type ScanResult =
  | { id: string; result: 'checked-in'; ticketId: number; name: string; tier: string; at: string }
  | { id: string; result: 'duplicate'; ticketId: number; name: string; tier: string; firstAt: string }
  | { id: string; result: 'refused'; ticketId: number; name: string; reason: string }
  | { id: string; result: 'not-for-event' };
type SyncBody = { results?: ScanResult[]; duplicates?: number; error?: string };
type ListBody = { downloadedAt: string; listToken?: string; duplicates: number; tiers: DoorTier[]; tickets: DoorTicket[]; error?: string };

const time = (iso: string) => formatTime(new Date(iso));
const postScans = (scans: readonly Pick<QueuedScan, 'id' | 'code' | 'scannedAt' | 'deviceId' | 'list'>[]): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ scans: scans.map(({ id, code, scannedAt, deviceId, list }) => ({ id, code, scannedAt, deviceId, list })) }),
});

export function useDoor(eventId: number, enabled: boolean) {
  const [list, setList] = useState<StoredList | null>(null);
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [connection, setConnection] = useState<Connection>('checking');
  const [kept, setKept] = useState<boolean | null>(null);
  const [ready, setReady] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const listRef = useRef(list);
  const connectionRef = useRef(connection);
  /** Counts the phone's own changes to its list, so a list that was on its way meanwhile does not undo them. */
  const marks = useRef(0);
  const round = useRef<Promise<void> | null>(null);
  const url = `/check-in/${eventId}/door`;

  const heard = useCallback((asked: ServerAnswer<unknown>) => {
    connectionRef.current = asked.reached ? 'online' : navigator.onLine ? 'no-server' : 'no-network';
    setConnection(connectionRef.current);
  }, []);
  const notice = useCallback((text: string) => setNotices((old) => (old[0] === text ? old : [text, ...old].slice(0, 20))), []);
  const keepList = useCallback(async (next: StoredList) => {
    listRef.current = next;
    setList(next);
    await saveList(next);
  }, []);

  /** The event's list from the server (a 304 when this phone holds it already); null when it did not come. */
  const refreshList = useCallback(async (): Promise<StoredList | null> => {
    const current = listRef.current;
    const marked = marks.current;
    // A list kept without its token (an earlier release) is downloaded again, token and all.
    const headers: Record<string, string> = { accept: 'application/json' };
    if (current?.etag && current.listToken) headers['if-none-match'] = current.etag;
    const asked = await askServer<ListBody>(url, { headers }, listTimeoutMs);
    heard(asked);
    if (!asked.reached) return null;
    if (asked.status === 304 && current) {
      if (marks.current === marked) await keepList({ ...current, downloadedAt: new Date().toISOString() });
      return listRef.current;
    }
    if (asked.status !== 200 || !asked.body) {
      notice(`The list could not be refreshed: ${asked.body?.error ?? `the server answered ${asked.status}`}`);
      return null;
    }
    // A check made while the list was on its way is newer than it: the next round brings both.
    if (marks.current !== marked) return listRef.current;
    const { downloadedAt, listToken, duplicates, tiers, tickets } = asked.body;
    await keepList({ eventId, downloadedAt, listToken, duplicates, tiers, tickets, etag: asked.headers.get('etag') });
    return listRef.current;
  }, [eventId, heard, keepList, notice, url]);

  /** Marks a ticket checked in in the phone's list, so a second scan offline is amber. */
  const markCheckedIn = useCallback(
    async (ticketId: number, at: string) => {
      const current = listRef.current;
      if (!current) return;
      marks.current += 1;
      await keepList({
        ...current,
        tickets: current.tickets.map((ticket) => (ticket.id === ticketId && ticket.status === 'valid' ? { ...ticket, status: 'checked_in' as const, checkedInAt: at } : ticket)),
      });
    },
    [keepList],
  );

  /** Sends the check-ins waiting on this phone: 'synced', 'none' waiting, or 'failed' (they stay queued). */
  const sync = useCallback(async (): Promise<'synced' | 'none' | 'failed'> => {
    const waiting = await queuedScans(eventId);
    if (waiting.length === 0) return 'none';
    setSyncing(true);
    try {
      const asked = await askServer<SyncBody>(url, postScans(waiting), syncTimeoutMs(waiting.length));
      heard(asked);
      if (!asked.reached) return 'failed';
      const results = asked.body?.results;
      if (asked.status !== 200 || !results) {
        notice(`The check-ins could not be synced: ${asked.body?.error ?? `the server answered ${asked.status}`}`);
        return 'failed';
      }
      await forgetScans(waiting.map((scan) => scan.id));
      const told = results.flatMap((result) => {
        if (result.result === 'duplicate') return [`Duplicate: ${result.name} was already checked in at ${time(result.firstAt)}`];
        if (result.result === 'refused') return [`Not admitted at sync: ${result.name} — ${result.reason}`];
        if (result.result === 'not-for-event') return ['A synced scan was not a ticket for this event.'];
        return [];
      });
      const synced = results.filter((result) => result.result === 'checked-in').length;
      setNotices((old) => [...told, ...(synced > 0 ? [`${synced === 1 ? '1 check-in' : `${synced} check-ins`} synced.`] : []), ...old].slice(0, 20));
      setQueue(await queuedScans(eventId));
      await refreshList();
      return 'synced';
    } finally {
      setSyncing(false);
    }
  }, [eventId, heard, notice, refreshList, url]);

  /** One round with the server: what waits, then the list. One at a time: 'Sync now' during a round joins it. */
  const runRound = useCallback((): Promise<void> => {
    round.current ??= (async () => {
      try {
        if ((await sync()) === 'none') await refreshList();
      } finally {
        round.current = null;
      }
    })();
    return round.current;
  }, [refreshList, sync]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void keepPageOnPhone().then((held) => !cancelled && setKept(held));
    void (async () => {
      const [stored, waiting] = await Promise.all([readList(eventId), queuedScans(eventId)]);
      if (cancelled) return;
      if (!listRef.current && stored) {
        listRef.current = stored;
        setList(stored);
      }
      setQueue(waiting);
      setReady(true);
      await runRound();
    })();
    // Every 10 seconds, whatever the browser says of its network: its word is no proof either way.
    const timer = window.setInterval(() => void runRound(), roundEveryMs);
    const up = () => void runRound();
    const down = () => {
      connectionRef.current = 'no-network';
      setConnection('no-network');
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [enabled, eventId, runRound]);

  const show = useCallback((shown: DoorAnswer): DoorAnswer => {
    setAnswer(shown);
    return shown;
  }, []);

  /** Checks a scanned value or typed code: on the server when it can be reached, else on this phone. */
  const check = useCallback(
    async (input: string): Promise<DoorAnswer> => {
      // `list`: the download of the list this check is made against; the server counts the scan no earlier (docs/architecture/door.md#scan-times).
      const scan = { id: crypto.randomUUID(), code: input.trim().slice(0, 200), scannedAt: new Date().toISOString(), deviceId: await deviceId(), list: listRef.current?.listToken };
      let tickets = listRef.current?.tickets ?? [];
      const othersOf = (ticketId: number, orderId: string) =>
        tickets.filter((ticket) => ticket.orderId === orderId && ticket.id !== ticketId && ticket.status === 'valid').map((ticket) => ticket.code);
      const answersOf = (ticketId: number) => tickets.find((ticket) => ticket.id === ticketId)?.answers ?? [];
      // While the server is known not to answer, the phone's list answers at once: the next round finds the server again.
      if (!isOffline(connectionRef.current) && scan.code) {
        const asked = await askServer<SyncBody>(url, postScans([scan]), checkTimeoutMs);
        heard(asked);
        if (asked.reached) {
          const result = asked.body?.results?.[0];
          if (asked.status !== 200 || !result) return show({ tone: 'red', text: asked.body?.error ?? 'The check could not be made.', answers: [], othersInOrder: [], offline: false });
          // A ticket the phone's list does not know yet (the list still downloading, or bought since): fetch it for its answers.
          if ('ticketId' in result && !tickets.some((ticket) => ticket.id === result.ticketId)) tickets = (await refreshList())?.tickets ?? tickets;
          if (result.result === 'checked-in') {
            await markCheckedIn(result.ticketId, result.at);
            const orderId = tickets.find((ticket) => ticket.id === result.ticketId)?.orderId;
            return show({
              tone: 'green',
              text: `Valid — ${result.name}, ${result.tier}`,
              answers: answersOf(result.ticketId),
              othersInOrder: orderId ? othersOf(result.ticketId, orderId) : [],
              offline: false,
            });
          }
          if (result.result === 'duplicate') await markCheckedIn(result.ticketId, result.firstAt);
          if (result.result === 'duplicate')
            return show({
              tone: 'amber',
              text: `Already checked in at ${time(result.firstAt)} — ${result.name}, ${result.tier}`,
              answers: answersOf(result.ticketId),
              othersInOrder: [],
              offline: false,
            });
          if (result.result === 'refused') return show({ tone: 'red', text: `${result.reason} (${result.name})`, answers: [], othersInOrder: [], offline: false });
          return show({ tone: 'red', text: 'Not a ticket for this event', answers: [], othersInOrder: [], offline: false });
        }
        // No answer from the server: the phone's list decides, as when offline.
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
        return show({
          tone: 'amber',
          text: `Already checked in ${where}at ${local.at ? time(local.at) : 'an earlier time'} — ${ticket.name}, ${ticket.tier}`,
          answers: ticket.answers,
          othersInOrder: [],
          offline: true,
        });
      }
      await queueScan({ ...scan, eventId, ticketId: ticket.id, code: ticket.code });
      const waiting = await queuedScans(eventId);
      setQueue(waiting);
      const queuedIds = new Set(waiting.map((queued) => queued.ticketId));
      const others = othersOf(ticket.id, ticket.orderId).filter((code) => !queuedIds.has(tickets.find((other) => other.code === code)!.id));
      return show({ tone: 'green', text: `Valid — ${ticket.name}, ${ticket.tier}`, answers: ticket.answers, othersInOrder: others, offline: true });
    },
    [eventId, heard, markCheckedIn, refreshList, show, url],
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

  /** 'Checked in' per tier as this phone knows it (null for a list kept by an earlier release: the page's own counts then). */
  const counts = useMemo(() => (list?.tiers ? doorCounts(list.tiers, list.tickets, new Set(queue.map((scan) => scan.ticketId))) : null), [list, queue]);

  return { ready, connection, kept, list, queue, counts, syncing, answer, notices, check, checkAll, sync: runRound, refreshList: runRound };
}
