import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database's files, readable by this user only (README: Security; folders 0700, files
 * 0600), whichever process opens it and whatever its umask.
 *
 * PGlite's file system (Emscripten's NODEFS) creates each file itself and then sets its mode with
 * chmod, after its own umask of 022 and not the process's: a new cluster's files came out 0666 and
 * the ones PostgreSQL writes at each start 0644. Here every mode it creates or sets loses its group
 * and other bits before it reaches the disk.
 */
type EmscriptenOps = Record<string, unknown> & {
  mknod?: (parent: unknown, name: string, mode: number, dev: number) => unknown;
  setattr?: (target: unknown, attr: { mode?: number | null }) => void;
};
type EmscriptenModule = { NODEFS?: { node_ops?: EmscriptenOps; stream_ops?: EmscriptenOps } };

const OWNER_ONLY = ~0o077;

export function keepModesOwnerOnly(module: object): void {
  const { NODEFS } = module as EmscriptenModule;
  const nodeOps = NODEFS?.node_ops;
  const streamOps = NODEFS?.stream_ops;
  // A PGlite whose file system is built otherwise must not pass silently (the server test checks every file too).
  if (!nodeOps?.mknod || !nodeOps.setattr || !streamOps?.setattr) throw new Error('PGlite’s NODEFS has changed: cannot keep the database files owner-only.');
  const mknod = nodeOps.mknod;
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & OWNER_ONLY, dev);
  for (const ops of [nodeOps, streamOps]) {
    const setattr = ops.setattr!;
    ops.setattr = (target, attr) => setattr(target, typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & OWNER_ONLY } : attr);
  }
}

/** PGlite's Node file system with {@link keepModesOwnerOnly} installed before PostgreSQL starts. */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    super(dataDir);
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [keepModesOwnerOnly, ...(emscriptenOpts.preRun ?? [])];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/**
 * Makes everything under `folder` owner-only (folders 0700, files 0600): the files an earlier
 * version left readable by others. Symbolic links are left alone.
 */
export function restrictToOwner(folder: string): void {
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== 0o700) chmodSync(entry, 0o700);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if ((stats.mode & 0o077) !== 0) {
      chmodSync(entry, stats.mode & 0o700);
    }
  };
  visit(folder);
}
