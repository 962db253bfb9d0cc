/**
 * Lets the requests waiting on the event loop run before the caller goes on: a long piece of work
 * in the server's one thread (a member import's batches, docs/architecture/member-import.md#while-it-runs)
 * calls it between its parts, so pages keep answering meanwhile.
 */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `items` in parts of `size`, the event loop handed to other requests before each part after the first. */
export async function* inParts<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let at = 0; at < items.length; at += size) {
    if (at > 0) await yieldToOthers();
    yield items.slice(at, at + size);
  }
}
