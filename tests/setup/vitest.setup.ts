import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLogSink } from '~/lib/log.server';
import { recordConsoleError, recordLogLine, takeConsoleErrors, takeLogLines } from './console';

// Tests never touch ./data: configuration points at a throwaway folder with a fixed secret.
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ppa-test-'));
process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123';
process.env.PUBLIC_URL ??= 'http://localhost:3000';

// An unexpected console.error, or log line at level error, is a failure (docs/architecture/tests.md).
setLogSink(recordLogLine);
beforeEach(() => {
  takeConsoleErrors();
  takeLogLines();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleError(args));
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = takeConsoleErrors();
  if (unexpected.length > 0) throw new Error(`Unexpected console.error or error log line:\n${unexpected.join('\n')}`);
});
