/**
 * What the Node entry (server.js) takes from the server bundle: configuration, the database, the
 * request guards, the page cache and the scheduled work. Exported by entry.server.tsx, so the
 * production server runs the bundle's one copy of the app's modules, with no TypeScript loader
 * (docs/architecture.md#the-node-entry).
 */
export { configureEnv, EnvError } from '../lib/env.server';
export { bootDatabase, embeddedDatabaseMissing } from '../db/boot.server';
export { DataFolderInUseError } from '../db/lock.server';
export { setClientIp, refuseControlCharacters, limitRequestBodies, privatePages } from '../lib/request-guards.server';
export { requestContext } from '../lib/csp-nonce.server';
export { pageCacheMiddleware } from '../lib/page-cache-middleware.server';
export { ensureAdminAccount } from '../features/accounts/accounts.server';
export { startScheduler } from '../lib/jobs.server';
export { membershipRemindersJob } from '../features/membership/reminders.server';
export { committeeDigestJob } from '../features/membership/committee-notices.server';
export { startMailingQueue } from '../features/mailings/sender.server';

