import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

/** A piece of work that ends when the test says so, noting when it runs. */
function piece(name: string, log: string[]) {
  let end!: (outcome: 'ok' | 'fail') => void;
  const ended = new Promise<'ok' | 'fail'>((resolve) => (end = resolve));
  const work = async () => {
    log.push(`${name} starts`);
    const outcome = await ended;
    log.push(`${name} ends`);
    if (outcome === 'fail') throw new Error(`${name} failed`);
    return name;
  };
  return { work, end };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('oneAtATime', () => {
  it('runs each piece after the one before has ended, in the order asked; a failure is its caller’s and the next runs', async () => {
    const line = oneAtATime();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => piece(name, log));
    const answers = [line(a!.work), line(b!.work), line(c!.work)].map((answer) =>
      answer.then(
        (value) => `${value} answered`,
        (error: Error) => error.message,
      ),
    );
    await settle();
    expect(log).toEqual(['a starts']);
    a!.end('fail');
    await settle();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    c!.end('ok');
    await settle();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    b!.end('ok');
    expect(await Promise.all(answers)).toEqual(['a failed', 'b answered', 'c answered']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});
