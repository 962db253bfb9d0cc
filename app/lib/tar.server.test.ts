import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractTarEntry, listTar, readTarEntry, writeTar } from './tar.server';

describe('backup archives (tar)', () => {
  it('writes files that read back byte for byte, and that tar itself lists and extracts', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-tar-'));
    const big = Buffer.alloc(70_001, 7);
    big.write('the end', 69_990);
    writeFileSync(path.join(folder, 'big.bin'), big);
    const archive = path.join(folder, 'backup.tar');
    await writeTar(archive, [
      { name: 'manifest.json', data: Buffer.from('{"format":1}') },
      { name: 'database.bin', file: path.join(folder, 'big.bin') },
      { name: 'empty', data: Buffer.alloc(0) },
    ]);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const entries = await listTar(archive);
    expect(entries.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'manifest.json', size: 12 },
      { name: 'database.bin', size: 70_001 },
      { name: 'empty', size: 0 },
    ]);
    expect((await readTarEntry(archive, entries[0]!)).toString()).toBe('{"format":1}');
    await extractTarEntry(archive, entries[1]!, path.join(folder, 'out.bin'));
    expect(readFileSync(path.join(folder, 'out.bin')).equals(big)).toBe(true);

    expect(execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n')).toEqual(['manifest.json', 'database.bin', 'empty']);
    expect(execFileSync('tar', ['-xOf', archive, 'database.bin']).equals(big)).toBe(true);
  });

  it('reads a file tar wrote, and refuses what is not a tar file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-tar-'));
    writeFileSync(path.join(folder, 'a.txt'), 'hello');
    execFileSync('tar', ['-cf', 'made-by-tar.tar', 'a.txt'], { cwd: folder });
    const entries = await listTar(path.join(folder, 'made-by-tar.tar'));
    expect(entries.map((entry) => entry.name)).toEqual(['a.txt']);
    expect((await readTarEntry(path.join(folder, 'made-by-tar.tar'), entries[0]!)).toString()).toBe('hello');

    writeFileSync(path.join(folder, 'not.tar'), 'x'.repeat(2048));
    await expect(listTar(path.join(folder, 'not.tar'))).rejects.toThrow(/not a tar archive/);
  });
});
