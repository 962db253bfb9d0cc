import { prettyLine } from '~/lib/log-redaction.server';

/**
 * Every console.error and every log line at level error or above (lib/log.server.ts) during a test
 * is recorded; vitest.setup.ts fails the test on any left over. A test that expects errors (a mail
 * server that is down, say) takes them with takeConsoleErrors(). Lines below error are kept for
 * the test to read (takeLogLines) and not printed.
 */
let recorded: string[] = [];
let logLines: string[] = [];

export function recordConsoleError(args: unknown[]): void {
  recorded.push(args.map(String).join(' '));
}

export function takeConsoleErrors(): string[] {
  const taken = recorded;
  recorded = [];
  return taken;
}

/** The log's sink during tests: every line kept as written (JSON); errors recorded as above, as one readable line. */
export function recordLogLine(line: string, level: number): void {
  logLines.push(line);
  if (level >= 50) recorded.push(prettyLine(line).trimEnd());
}

/** The log lines written since the test began (or since the last call), as objects. */
export function takeLogLines(): Array<Record<string, unknown> & { msg: string; level: string }> {
  const taken = logLines;
  logLines = [];
  return taken.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string; level: string });
}
