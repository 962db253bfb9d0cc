import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { bootDatabase, DatabaseConfigurationError, embeddedDatabaseMissing } from '~/db/boot.server';
import type { DatabaseHandle } from '~/db/client.server';
import { DataFolderInUseError } from '~/db/lock.server';
import { ensureAdminAccount, findAccountByEmail } from '~/features/accounts/accounts.server';
import { startMailSender } from '~/features/mail/outbox.server';
import { startMailingQueue } from '~/features/mailings/sender.server';
import { waitlistOffersJob } from '~/features/events/waitlist.server';
import { committeeDigestJob } from '~/features/membership/committee-notices.server';
import { membershipRemindersJob } from '~/features/membership/reminders.server';
import { financeSumsVacuumJob } from '~/features/payments/finance-sums.server';
import { configureEnv, EnvError, type Env } from '~/lib/env.server';
import { backupJob } from '~/lib/backups.server';
import { startScheduler } from '~/lib/jobs.server';
import { listenForControl } from './control-socket.server';
import { configureLog, log } from '~/lib/log.server';
import { serveClusterMetrics } from './metrics.server';
import { followConnections } from './drain.server';

/**
 * The server process's life, for server.js (docs/architecture/server.md#the-node-entry): its
 * configuration, the database, several processes on PostgreSQL, listening, the scheduled work and
 * a clean stop. server.js builds the HTTP app; everything around it is here.
 */

/**
 * The configuration, or the process ends with the message naming the variable. The log takes its
 * format (JSON when the operator declared NODE_ENV=production) and LOG_LEVEL from it.
 */
export function configureOrExit(environment: NodeJS.ProcessEnv): Env {
  configureLog({ json: environment.NODE_ENV === 'production' });
  try {
    const config = configureEnv(environment);
    configureLog({ json: config.isProduction, level: config.logLevel });
    return config;
  } catch (error) {
    if (error instanceof EnvError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The first admin (ADMIN_EMAIL, ADMIN_PASSWORD). Once that account exists the password is not
 * needed (docs/deploy.md has it removed after the first sign-in); without it and without the
 * account, the start goes on and says why no admin was made.
 */
async function createAdminAccount(config: Env): Promise<void> {
  if (!config.adminEmail) return;
  if (!config.adminPassword) {
    if (!(await findAccountByEmail(config.adminEmail))) log.warn('ADMIN_EMAIL names no account yet, and ADMIN_PASSWORD is not set: no admin was created. Set ADMIN_PASSWORD and restart.');
    return;
  }
  const outcome = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
  if (outcome === 'created') log.info('Created the super_admin account of ADMIN_EMAIL.');
}

/**
 * WORKERS > 1 (PostgreSQL only): this process migrates the database and creates the admin account
 * once, then runs that many copies of the server behind the same port (node:cluster), restarts one
 * that dies, and passes a stop on to them (docs/architecture/server.md#several-processes). Each worker
 * reads the environment as the operator gave it (NODE_ENV included), as this process did.
 */
export async function runWorkers(config: Env, operatorEnvironment: NodeJS.ProcessEnv): Promise<void> {
  const setup = await bootOrExit(config, { waitForDatabase: true, setup: () => createAdminAccount(config) });
  await setup.close();
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
      log.error(`Worker ${worker.process.pid} stopped (${signal ?? code}) before it served: stopping.`);
      stop('a failed start');
      process.exitCode = 1;
      return;
    }
    log.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(() => stopping || fork(), 1_000);
  });
  serveClusterMetrics(config);
  for (let index = 0; index < config.workers; index += 1) fork();
  log.info(`Starting ${config.workers} processes on port ${config.port} (PostgreSQL).`);
  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: stopping ${config.workers} processes.`);
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
 * (docs/architecture/server.md#memory). That copy ends here, once the database exists.
 */
export async function openServerDatabase(config: Env, options: { entryFile: string; operatorEnvironment: NodeJS.ProcessEnv; isDevServer: boolean }): Promise<DatabaseHandle> {
  const createsDatabaseOnly = process.env.PPA_CREATE_DATABASE_ONLY === '1';
  if (!createsDatabaseOnly && !options.isDevServer && embeddedDatabaseMissing(config)) {
    const child = spawn(process.execPath, [options.entryFile], {
      env: { ...options.operatorEnvironment, PPA_CREATE_DATABASE_ONLY: '1' },
      stdio: 'inherit',
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) process.exit(1);
  }
  const database = await bootOrExit(config, {
    command: createsDatabaseOnly ? 'server (creating the database)' : 'server',
    waitForDatabase: true,
    // The admin account is made under the start lock with the migrations, so instances starting together make it once.
    setup: cluster.isPrimary && !createsDatabaseOnly ? () => createAdminAccount(config) : undefined,
  });
  if (createsDatabaseOnly) {
    await database.close();
    process.exit(0);
  }
  return database;
}

/** The database booted, or the process ends with the message of a refusal the operator must mend (a data folder in use, a configuration PostgreSQL refuses). */
async function bootOrExit(config: Env, options: Parameters<typeof bootDatabase>[1]): Promise<DatabaseHandle> {
  try {
    return await bootDatabase(config, options);
  } catch (error) {
    if (error instanceof DataFolderInUseError || error instanceof DatabaseConfigurationError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
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
 * once across all instances), the mailing job and the mail sender, and stops cleanly on
 * SIGINT/SIGTERM: no new connections, every request received is answered (up to 10 s;
 * drain.server.ts), the message in hand is sent, the database closes, exit 0. A busy port ends the
 * process with a message.
 */
/** How long a kept-alive connection may sit idle (ms). */
export const KEEP_ALIVE_MS = 65_000;

export function listenUntilStopped(app: Express, options: { config: Env; database: DatabaseHandle; inFlight: () => number; onClose?: () => Promise<void> }): Server {
  const { config, database } = options;
  // Nothing may await between listening and installing the signal handlers below, or a SIGTERM in
  // that gap would kill the process without a clean stop.
  const server = app.listen(config.port, (error) => {
    if (error) {
      // Express 5 reports a busy port here, not as an exception.
      const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      log.fatal(busy ? `Port ${config.port} is already in use. Stop the program using it, or choose another port with PORT.` : `Could not listen on port ${config.port}: ${error.message}`);
      void database.close().finally(() => process.exit(1));
      return;
    }
    log.info(`Serving on ${config.publicUrl} (port ${config.port}, ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  });
  // A kept-alive connection stays open longer than clients keep theirs (undici 4 s, browsers and
  // proxies up to a minute): with Node's 5 s, a server busy for seconds (an on-sale rush) let the
  // timer close connections whose next request had already arrived unread, and the buyer's post
  // failed (bench/README.md#an-on-sale-rush-1000-buyers-for-100-seats). Clients are told the new figure.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const connections = followConnections(server);
  const stopScheduler = startScheduler([
    membershipRemindersJob,
    committeeDigestJob,
    financeSumsVacuumJob,
    waitlistOffersJob,
    ...(config.backupDir ? [backupJob({ ...config, backupDir: config.backupDir })] : []),
  ]);
  // `npm run backup` asks the embedded database's server for a copy through this socket.
  const stopControl = database.kind === 'pglite' ? listenForControl(config.dataDir, database) : () => {};
  // Messages to members go out through the mailing job, which also takes up one left half-sent by a stop.
  const stopMailingQueue = startMailingQueue();
  // Transactional mail leaves from the outbox (docs/architecture/mail.md): every few seconds, and when a mail is queued.
  const stopMailSender = startMailSender();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing ${options.inFlight()} request(s) under way, then closing.`);
    // Whatever happens below, the process ends promptly.
    setTimeout(() => process.exit(1), DRAIN_MS + 2_000).unref();
    stopScheduler();
    stopControl();
    // The message in hand is finished and the mailing's lease given back, so a restart goes on at once.
    const mailingStopped = stopMailingQueue();
    const mailSenderStopped = stopMailSender();
    // No new connections; every request received is answered, its connection closed after it (drain.server.ts).
    await connections.drain(Date.now() + DRAIN_MS);
    await mailingStopped;
    await mailSenderStopped;
    await database.close().catch((error: unknown) => log.error({ err: error }, 'Closing the database failed'));
    await options.onClose?.();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return server;
}
