import { db } from '~/db/client.server';
import { currentContentVersion } from './page-cache.server';

/**
 * Reads shared by the loaders of one request (docs/architecture/page-cache.md#query-budget): React Router runs
 * the root's, the layouts' and the page's loaders side by side with the same Request, so the
 * portal's frame and its page that both ask for the member's application read it once. After an
 * action the loaders get a new Request, so they see what it changed. A failed read is not kept.
 */
const reads = new WeakMap<Request, Map<string, Promise<unknown>>>();

export function oncePerRequest<T>(request: Request | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!request) return read();
  let held = reads.get(request);
  if (!held) {
    held = new Map();
    reads.set(request, held);
  }
  const known = held.get(key) as Promise<T> | undefined;
  if (known) return known;
  const started = read();
  held.set(key, started);
  const forget = held;
  started.catch(() => {
    if (forget.get(key) === started) forget.delete(key);
  });
  return started;
}

/**
 * `read`, its answer kept `seconds` per database and shared by the requests meanwhile: for facts
 * a few seconds' staleness cannot mislead (the admin area's health banner and its count of failed
 * mail, docs/architecture/page-cache.md#query-budget). A failed read is not kept.
 */
export function heldBriefly<T>(seconds: number, read: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  const held = new WeakMap<object, { at: number; answer: Promise<T> }>();
  return () => {
    const database = db();
    const last = held.get(database);
    if (last && now() - last.at < seconds * 1000) return last.answer;
    const answer = read();
    held.set(database, { at: now(), answer });
    answer.catch(() => {
      if (held.get(database)?.answer === answer) held.delete(database);
    });
    return answer;
  };
}

/**
 * `read(key)`, its answer kept per database and key while the content version stays where it was
 * (docs/architecture/page-cache.md#content-in-memory): for rows every visitor sees alike whose every change
 * moves the version (a table with a `bump_content_version` trigger: the settings row, the pages
 * editors write), and which do not change with the clock. Knowing the version is free on the
 * embedded database and one shared read of its sequence on PostgreSQL. A failed read is not kept.
 * Callers share the answer: freeze it, or never change it.
 */
export function heldWhileContentUnchanged<T>(read: (key: string) => Promise<T>, maxKeys = 64): (key: string) => Promise<T> {
  const held = new WeakMap<object, { version: string; answers: Map<string, Promise<T>> }>();
  heldContent.add(held);
  return async (key) => {
    const database = db();
    const version = await currentContentVersion();
    let last = held.get(database);
    if (last?.version !== version || last.answers.size >= maxKeys) {
      last = { version, answers: new Map() };
      held.set(database, last);
    }
    const known = last.answers.get(key);
    if (known) return known;
    const answer = read(key);
    const answers = last.answers;
    answers.set(key, answer);
    answer.catch(() => {
      if (answers.get(key) === answer) answers.delete(key);
    });
    return answer;
  };
}

const heldContent = new Set<WeakMap<object, unknown>>();

/** Every `heldWhileContentUnchanged` read afresh on next use (a test that notes which tables a page reads). */
export function forgetHeldContent(): void {
  for (const held of heldContent) held.delete(db());
}
