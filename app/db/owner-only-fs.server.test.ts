import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.server';
import { restrictToOwner } from './owner-only-fs.server';

/** Every entry under `folder` whose mode is not owner-only (folders 0700, files 0600), with its mode. */
function notOwnerOnly(folder: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    const mode = stats.mode & 0o777;
    if (stats.isDirectory()) {
      if (mode !== 0o700) found.push(`${entry} ${mode.toString(8)}`);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if (mode !== 0o600) found.push(`${entry} ${mode.toString(8)}`);
  };
  visit(folder);
  return found;
}

const umask = process.umask();
afterEach(() => void process.umask(umask));

describe('owner-only database files', () => {
  // A process whose umask lets others read (the command line under tsx, a test's process): PGlite
  // sets modes itself, so the umask alone would not do.
  it('keeps every file and folder PGlite creates owner-only, at creation and on the next opening, whatever the umask', async () => {
    process.umask(0o022);
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'ppa-modes-')), 'db');
    const created = await openDatabase({ pgliteDir: folder });
    if (created.kind !== 'pglite') throw new Error('expected the embedded database');
    await created.client.exec('create table modes_check (id int primary key); insert into modes_check values (1);');
    await created.close();
    const reopened = await openDatabase({ pgliteDir: folder });
    if (reopened.kind !== 'pglite') throw new Error('expected the embedded database');
    await reopened.client.exec('create index on modes_check (id);');
    await reopened.close();
    expect(readdirSync(folder).length).toBeGreaterThan(10);
    expect(notOwnerOnly(folder)).toEqual([]);
  });

  it('makes what an earlier version left readable by others owner-only, and leaves links alone', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-modes-'));
    mkdirSync(path.join(folder, 'db', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(folder, 'db', 'base', '1259'), 'x', { mode: 0o666 });
    writeFileSync(path.join(folder, 'db', 'PG_VERSION'), '17', { mode: 0o644 });
    chmodSync(path.join(folder, 'db'), 0o777);
    restrictToOwner(folder);
    expect(notOwnerOnly(folder)).toEqual([]);
  });
});
