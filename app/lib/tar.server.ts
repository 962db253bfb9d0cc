import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/**
 * The few lines of the tar format (POSIX ustar) a backup archive needs: a handful of regular files
 * written one after the other and read back by name (docs/architecture/operations.md#backups). Any `tar`
 * lists and extracts the archives too (`tar -tvf backup.tar`).
 */

const BLOCK = 512;

export type TarSource = { name: string; mode?: number } & ({ data: Buffer } | { file: string });

function header(name: string, size: number, mode: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: the name ${name} is longer than 100 bytes`);
  const block = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.fill(' ', 148, 156);
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes `entries` into a new tar file at `target` (created with `mode`), streaming files from disk. */
export async function writeTar(target: string, entries: TarSource[], mode = 0o600): Promise<void> {
  const now = new Date();
  async function* blocks() {
    for (const entry of entries) {
      const size = 'data' in entry ? entry.data.length : (await stat(entry.file)).size;
      yield header(entry.name, size, entry.mode ?? 0o600, now);
      if ('data' in entry) yield entry.data;
      else yield* createReadStream(entry.file);
      yield padding(size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), createWriteStream(target, { mode, flags: 'wx' }));
}

export type TarEntry = { name: string; size: number; offset: number };

/** The regular files in the tar file `archive`: name, size and where their bytes start. Throws for what is not a tar file. */
export async function listTar(archive: string): Promise<TarEntry[]> {
  const handle = await open(archive, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    for (let position = 0; position + BLOCK <= total;) {
      await handle.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) break;
      let sum = 0;
      for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : block[index]!;
      if (parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8) !== sum) throw new Error('not a tar archive (bad header checksum)');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
      const type = block.toString('ascii', 156, 157);
      if (type === '0' || type === '\0') entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** An entry's bytes. */
export async function readTarEntry(archive: string, entry: TarEntry): Promise<Buffer> {
  const handle = await open(archive, 'r');
  try {
    const data = Buffer.alloc(entry.size);
    await handle.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await handle.close();
  }
}

/** Copies an entry's bytes into a new file `target` (owner-only). */
export async function extractTarEntry(archive: string, entry: TarEntry, target: string): Promise<void> {
  if (entry.size === 0) {
    await pipeline(Readable.from([]), createWriteStream(target, { mode: 0o600 }));
    return;
  }
  await pipeline(createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 }), createWriteStream(target, { mode: 0o600 }));
}
