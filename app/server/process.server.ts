import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { bootDatabase, embeddedDatabaseMissing } from '~/db/boot.server';
import type { DatabaseHandle } from '~/db/client.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { ensureAdminAccount } from '~/features/accounts/accounts.server';
import { startMailingQueue } from '~/features/mailings/sender.server';
import { committeeDigestJob } from '~/features/membership/committee-notices.server';
import { membershipRemindersJob } from '~/features/membership/reminders.server';
import { configureEnv, EnvError, type Env } from '~/lib/env.server';
import { startScheduler } from '~/lib/jobs.server';
import { followConnections } from './drain.server';

/**
 * The server process's life, for server.js (docs/architecture.md#the-node-entry): its
 * configuration, the database, several processes on PostgreSQL, listening, the scheduled work and
 * a clean stop. server.js builds the HTTP app; everything around it is here.
 */

/** The configuration, or the process ends with the message naming the variable. */
export function configureOrExit(environment: NodeJS.ProcessEnv): Env {
  try {
    return configureEnv(environment);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function createAdminAccount(config: Env): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  const outcome = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
  if (outcome === 'created') console.log(`Created the super_admin account ${config.adminEmail}.`);
}

/**
 * WORKERS > 1 (PostgreSQL only): this process migrates the database and creates the admin account
 * once, then runs that many copies of the server behind the same port (node:cluster), restarts one
 * that dies, and passes a stop on to them (docs/architecture.md#several-processes). Each worker
 * reads the environment as the operator gave it (NODE_ENV included), as this process did.
 */
export async function runWorkers(config: Env, operatorEnvironment: NodeJS.ProcessEnv): Promise<void> {
  const setup = await bootDatabase(config);
  try {
    await createAdminAccount(config);
  } finally {
    await setup.close();
  }
  let stopping = false;
  const fork = () => {
    const settled = process.env.NODE_ENV;
    if (operatorEnvironment.NODE_ENV === undefined) delete process.env.NODE_ENV;
    const worker = cluster.fork();
    process.env.NODE_ENV = settled;
    return worker;
  };
  // A worker that stops before it ever listened (a busy port, a broken configuration) would stop
  // again: then the whole server stops with an error, as a single process would.
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!listening.has(worker.id)) {
      console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}) before it served: stopping.`);
      stop('a failed start');
      process.exitCode = 1;
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(() => stopping || fork(), 1_000);
  });
  for (let index = 0; index < config.workers; index += 1) fork();
  console.log(`Starting ${config.workers} processes on port ${config.port} (PostgreSQL).`);
  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: stopping ${config.workers} processes.`);
    const workers = Object.values(cluster.workers ?? {});
    for (const worker of workers) worker?.process.kill('SIGTERM');
    if (workers.length === 0) process.exit();
    setTimeout(() => process.exit(1), 15_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM received'));
}

/**
 * The database this process serves from. A new embedded database is created, migrated and seeded
 * by a short-lived copy of the process first (`entryFile` run with PPA_CREATE_DATABASE_ONLY=1):
 * creating it costs a few hundred megabytes of memory that would otherwise stay with the server
 * (docs/architecture.md#memory). That copy ends here, once the database exists.
 */
export async function openServerDatabase(
  config: Env,
  options: { entryFile: string; operatorEnvironment: NodeJS.ProcessEnv; isDevServer: boolean },
): Promise<DatabaseHandle> {
  const createsDatabaseOnly = process.env.PPA_CREATE_DATABASE_ONLY === '1';
  if (!createsDatabaseOnly && !options.isDevServer && embeddedDatabaseMissing(config)) {
    const child = spawn(process.execPath, [options.entryFile], {
      env: { ...options.operatorEnvironment, PPA_CREATE_DATABASE_ONLY: '1' },
      stdio: 'inherit',
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) process.exit(1);
  }
  let database: DatabaseHandle;
  try {
    database = await bootDatabase(config, createsDatabaseOnly ? 'server (creating the database)' : 'server');
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (createsDatabaseOnly) {
    await database.close();
    process.exit(0);
  }
  if (cluster.isPrimary) await createAdminAccount(config);
  return database;
}

/** Requests under way, so that a stop lets them finish. Mounted first by server.js. */
export function countRequests() {
  let inFlight = 0;
  const middleware = (_request: unknown, response: { once: (event: 'close', listener: () => void) => void }, next: () => void) => {
    inFlight += 1;
    response.once('close', () => (inFlight -= 1));
    next();
  };
  return { middleware, inFlight: () => inFlight };
}

/** How long a stop waits for requests under way to finish. */
const DRAIN_MS = 10_000;

/**
 * Listens, starts the scheduled work (renewal reminders, the committee's daily summary: each period
 * once across all instances) and the mailing job, and stops cleanly on SIGINT/SIGTERM: no new
 * connections, every request received is answered (up to 10 s; drain.server.ts), the message in
 * hand is sent, the database closes, exit 0. A busy port ends the process with a message.
 */
export function listenUntilStopped(
  app: Express,
  options: { config: Env; database: DatabaseHandle; inFlight: () => number; onClose?: () => Promise<void> },
): Server {
  const { config, database } = options;
  // Nothing may await between listening and installing the signal handlers below, or a SIGTERM in
  // that gap would kill the process without a clean stop.
  const server = app.listen(config.port, (error) => {
    if (error) {
      // Express 5 reports a busy port here, not as an exception.
      const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      console.error(
        busy ? `Port ${config.port} is already in use. Stop the program using it, or choose another port with PORT.` : `Could not listen on port ${config.port}: ${error.message}`,
      );
      void database.close().finally(() => process.exit(1));
      return;
    }
    console.log(`Serving on ${config.publicUrl} (port ${config.port}, ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  });
  const connections = followConnections(server);
  const stopScheduler = startScheduler([membershipRemindersJob, committeeDigestJob]);
  // Messages to members go out through the mailing job, which also takes up one left half-sent by a stop.
  const stopMailingQueue = startMailingQueue();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing ${options.inFlight()} request(s) under way, then closing.`);
    // Whatever happens below, the process ends promptly.
    setTimeout(() => process.exit(1), DRAIN_MS + 2_000).unref();
    stopScheduler();
    // The message in hand is finished and the mailing's lease given back, so a restart goes on at once.
    const mailingStopped = stopMailingQueue();
    // No new connections; every request received is answered, its connection closed after it (drain.server.ts).
    await connections.drain(Date.now() + DRAIN_MS);
    await mailingStopped;
    await database.close().catch((error: unknown) => console.error('Closing the database failed:', error));
    await options.onClose?.();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return server;
}
