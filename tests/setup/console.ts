/**
 * Every console.error during a test is recorded; vitest.setup.ts fails the test on any left over.
 * A test that expects errors (a mail server that is down, say) takes them with takeConsoleErrors().
 */
let recorded: string[] = [];

export function recordConsoleError(args: unknown[]): void {
  recorded.push(args.map(String).join(' '));
}

export function takeConsoleErrors(): string[] {
  const taken = recorded;
  recorded = [];
  return taken;
}
