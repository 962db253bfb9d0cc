import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { controlSocketPath, dumpEmbedded, type ControlAnswer } from '~/db/backup.server';
import type { DatabaseHandle } from '~/db/client.server';
import { latestAppliedMigration } from '~/db/migrate.server';
import { log } from '~/lib/log.server';

/**
 * The embedded database's server listens on `DATA_DIR/control.sock` (owner-only), so that
 * `npm run backup` can have a consistent copy of the database the server holds open
 * (docs/architecture/operations.md#backups). One request, one line of JSON: `{"command":"backup"}`; the answer
 * is a line of JSON (`{"ok":true,"bytes":N,"migration":…}`) followed by the N bytes of the dump.
 * Returns the function that stops listening.
 */
export function listenForControl(dataDir: string, database: Extract<DatabaseHandle, { kind: 'pglite' }>): () => void {
  const file = controlSocketPath(dataDir);
  // Left by a server that was killed: this process holds the data folder's lock, so it is no one else's.
  rmSync(file, { force: true });
  const server = createServer((socket) => void answer(socket, database));
  server.on('error', (error) => log.error({ err: error }, `The control socket ${file} failed (npm run backup will not reach this server)`));
  server.listen(file, () => chmodSync(file, 0o600));
  return () => {
    server.close();
    rmSync(file, { force: true });
  };
}

async function answer(socket: Socket, database: Extract<DatabaseHandle, { kind: 'pglite' }>) {
  socket.on('error', () => socket.destroy());
  const request = await new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n') || text.length > 1024) resolve(text.split('\n')[0]!);
    });
    socket.on('end', () => resolve(text));
  });
  const reply = (header: ControlAnswer, body?: Buffer) => {
    socket.write(`${JSON.stringify(header)}\n`);
    if (body) socket.end(body);
    else socket.end();
  };
  let command: unknown;
  try {
    command = (JSON.parse(request) as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command !== 'backup') return reply({ ok: false, error: 'unknown request' });
  try {
    const dump = await dumpEmbedded(database.client);
    const migration = await latestAppliedMigration(database.db);
    log.info(`Database copied for a backup (${(dump.length / 1_048_576).toFixed(1)} MB).`);
    reply({ ok: true, bytes: dump.length, migration }, dump);
  } catch (error) {
    log.error({ err: error }, 'Copying the database for a backup failed');
    reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}
