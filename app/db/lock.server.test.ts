import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder, lockFilePath, lockHolder } from './lock.server';

const folder = () => mkdtempSync(path.join(tmpdir(), 'ppa-lock-'));
const writeLock = (dataDir: string, pid: number) => writeFileSync(lockFilePath(dataDir), JSON.stringify({ pid, command: 'server', since: '2026-11-22T10:00:00.000Z' }));

describe('the embedded database lock', () => {
  it('is taken, named and released', () => {
    const dataDir = folder();
    const release = lockDataFolder(dataDir, 'server');
    expect(JSON.parse(readFileSync(lockFilePath(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, command: 'server' });
    release();
    expect(existsSync(lockFilePath(dataDir))).toBe(false);
  });

  it('is refused while a live process holds it, with a message naming that process', async () => {
    const dataDir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeLock(dataDir, other.pid!);
      expect(lockHolder(dataDir)?.pid).toBe(other.pid);
      expect(() => lockDataFolder(dataDir, 'server')).toThrow(DataFolderInUseError);
      expect(() => lockDataFolder(dataDir, 'server')).toThrow(`is in use by another process (server ${other.pid}, since 2026-11-22T10:00:00.000Z)`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('is taken over from a process that died without releasing it (kill -9)', () => {
    const dataDir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeLock(dataDir, gone);
    expect(lockHolder(dataDir)).toBeNull();
    const release = lockDataFolder(dataDir, 'server');
    expect(JSON.parse(readFileSync(lockFilePath(dataDir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('is taken over when it names this very process (a restart that got the same pid) or cannot be read', () => {
    const dataDir = folder();
    writeLock(dataDir, process.pid);
    lockDataFolder(dataDir, 'server')();
    writeFileSync(lockFilePath(dataDir), 'garbage');
    lockDataFolder(dataDir, 'server')();
  });
});
