import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorTicket, DoorTier } from '~/features/events/door-sync';

/**
 * What a phone at the door keeps in IndexedDB (docs/product.md#tickets, ADR 013): each event's
 * downloaded list, the check-ins waiting to sync, and the phone's own random id. Browser only.
 */
export type StoredTicket = DoorTicket;
/**
 * `tiers`, `etag` (the list's version, for the next refresh) and `listToken` (its download as the
 * server signed it, sent with each scan checked against it) are missing from lists an earlier release kept.
 */
export type StoredList = { eventId: number; downloadedAt: string; duplicates: number; tickets: StoredTicket[]; tiers?: DoorTier[]; etag?: string | null; listToken?: string };
export type QueuedScan = { id: string; eventId: number; ticketId: number; code: string; scannedAt: string; deviceId: string; list?: string };

interface DoorDatabase extends DBSchema {
  lists: { key: number; value: StoredList };
  queue: { key: string; value: QueuedScan; indexes: { byEvent: number } };
  device: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<DoorDatabase>> | null = null;
function database(): Promise<IDBPDatabase<DoorDatabase>> {
  opened ??= openDB<DoorDatabase>('ppa-door', 1, {
    upgrade(db) {
      db.createObjectStore('lists', { keyPath: 'eventId' });
      db.createObjectStore('queue', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
      db.createObjectStore('device');
    },
  });
  return opened;
}

export async function readList(eventId: number): Promise<StoredList | undefined> {
  return (await database()).get('lists', eventId);
}

export async function saveList(list: StoredList): Promise<void> {
  await (await database()).put('lists', list);
}

export async function queuedScans(eventId: number): Promise<QueuedScan[]> {
  const scans = await (await database()).getAllFromIndex('queue', 'byEvent', eventId);
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

/**
 * Keeps a check-in made without the server. Strict durability: the browser has it on disk before the
 * door shows it (by default Chrome may say a write is done while it is still in memory, lost if the
 * phone's browser is closed or killed right after, as phones do to a browser in the background).
 */
export async function queueScan(scan: QueuedScan): Promise<void> {
  const tx = (await database()).transaction('queue', 'readwrite', { durability: 'strict' });
  await Promise.all([tx.store.put(scan), tx.done]);
}

/** Removes synced scans: the server has recorded them (a resent one is recorded once). */
export async function forgetScans(ids: readonly string[]): Promise<void> {
  const tx = (await database()).transaction('queue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** This phone's id, made once: the committee's record says which phone scanned what. */
export async function deviceId(): Promise<string> {
  const db = await database();
  const known = await db.get('device', 'id');
  if (known) return known;
  const made = crypto.randomUUID();
  await db.put('device', made, 'id');
  return made;
}
