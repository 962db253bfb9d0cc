import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { setLogSink } from '~/lib/log.server';
import { recordConsoleError, recordLogLine, takeConsoleErrors, takeLogLines } from './console';

/**
 * Runs before each test file. The tests share their workers' processes file after file
 * (`isolate: false` in vitest.config.ts), so each file starts here as it would in a process of its
 * own: a data folder of its own (unless the environment names one), the configuration read afresh
 * from the environment on first use (lib/env.server.ts keeps it in `globalThis.__ppaEnv`), and the
 * process's first umask (a command under test sets 0077).
 *
 * Each file's temporary files go in one folder, removed after the file: TMPDIR points there, so the
 * tests' own `mkdtempSync(path.join(tmpdir(), …))` and the commands they start use it too
 * (docs/architecture/tests.md, "Temporary files").
 */
const processStart = globalThis as typeof globalThis & { __ppaTestProcess?: { dataDir: string | undefined; umask: number; tmpdir: string | undefined } };
if (!processStart.__ppaTestProcess) {
  const umask = process.umask(0o022);
  process.umask(umask);
  processStart.__ppaTestProcess = { dataDir: process.env.DATA_DIR, umask, tmpdir: process.env.TMPDIR };
}
const systemTemporary = processStart.__ppaTestProcess.tmpdir;
if (systemTemporary === undefined) delete process.env.TMPDIR;
else process.env.TMPDIR = systemTemporary;
// A file whose tests are all skipped runs no afterAll: its folder goes when the next file starts, or the process ends.
const temporaryFolders = globalThis as typeof globalThis & { __ppaTestTemporary?: string };
if (temporaryFolders.__ppaTestTemporary) rmSync(temporaryFolders.__ppaTestTemporary, { recursive: true, force: true });
else process.once('exit', () => temporaryFolders.__ppaTestTemporary && rmSync(temporaryFolders.__ppaTestTemporary, { recursive: true, force: true }));
const fileTemporary = mkdtempSync(path.join(tmpdir(), 'ppa-test-'));
temporaryFolders.__ppaTestTemporary = fileTemporary;
process.env.TMPDIR = fileTemporary;
afterAll(() => {
  if (systemTemporary === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemporary;
  rmSync(fileTemporary, { recursive: true, force: true });
});
// Tests never touch ./data: configuration points at a throwaway folder with a fixed secret.
process.env.DATA_DIR = processStart.__ppaTestProcess.dataDir ?? path.join(fileTemporary, 'data');
mkdirSync(process.env.DATA_DIR, { recursive: true });
process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123';
process.env.PUBLIC_URL ??= 'http://localhost:3000';
process.umask(processStart.__ppaTestProcess.umask);
delete (globalThis as { __ppaEnv?: unknown }).__ppaEnv;
// Nothing a file mocked, stubbed or faked outlives it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
