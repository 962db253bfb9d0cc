/**
 * A line of work done one piece at a time, in the order asked: each call waits until the work
 * asked before it has ended (resolved or failed), then runs. Its answer (or its error) is the
 * caller's alone: one piece that fails does not stop the next.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const result = last.then(work);
    last = result.catch(() => undefined);
    return result;
  };
}
