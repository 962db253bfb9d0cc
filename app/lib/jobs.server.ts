import { and, eq, isNull, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { db } from '~/db/client.server';
import { jobRuns } from '~/db/schema/jobs';
import { isoDayAfter } from './dates';
import { log } from './log.server';

/**
 * Scheduled work (docs/architecture/operations.md#scheduled-jobs). Each job names the period a moment belongs
 * to (a Toronto day); the first instance to claim a job's period in `job_runs` runs it, every other
 * instance sees it taken, so the work runs once however many instances share the database. A run
 * that dies half-way is taken over after LEASE_MINUTES. Jobs are written to catch up: each run does
 * everything due up to its moment, so a day missed while the site was down is made good by the next.
 */
export type Job = {
  name: string;
  /** The period `now` belongs to: the job runs once per period. */
  period(now: Date): string;
  /** Does the work due at `now`; says in a line what it did. */
  run(now: Date): Promise<string>;
};

/** The Toronto day, for jobs that run daily; with `fromHour`, days that start at that hour (a morning mail). */
export const daily = (now: Date, fromHour = 0): string => isoDayAfter(new Date(now.getTime() - fromHour * 3_600_000), 0);

/** The hour (UTC), for jobs that run hourly: "2027-03-14T18". */
export const hourly = (now: Date): string => now.toISOString().slice(0, 13);

/** Finished runs are kept this long, for looking back. */
export const KEEP_RUNS_DAYS = 90;

export const LEASE_MINUTES = 15;

/** This process, in `job_runs.claimed_by`. */
export const instanceName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export type JobOutcome = { name: string; period: string; ran: boolean; outcome?: string; error?: string };

/** Claims the job's period for this instance: a new row, or a dead instance's lapsed claim. */
async function claim(job: Job, period: string, now: Date, by: string): Promise<boolean> {
  const [inserted] = await db().insert(jobRuns).values({ name: job.name, period, claimedBy: by, claimedAt: now }).onConflictDoNothing().returning({ name: jobRuns.name });
  if (inserted) return true;
  const lapsed = new Date(now.getTime() - LEASE_MINUTES * 60_000);
  const [taken] = await db()
    .update(jobRuns)
    .set({ claimedBy: by, claimedAt: now })
    .where(and(eq(jobRuns.name, job.name), eq(jobRuns.period, period), isNull(jobRuns.finishedAt), lt(jobRuns.claimedAt, lapsed)))
    .returning({ name: jobRuns.name });
  return Boolean(taken);
}

/** Runs each job whose current period nobody has run yet. A failed run gives its period back, to be tried again. */
export async function runDueJobs(jobs: Job[], now = new Date(), by = instanceName): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    const period = job.period(now);
    if (!(await claim(job, period, now, by))) {
      outcomes.push({ name: job.name, period, ran: false });
      continue;
    }
    try {
      const outcome = await job.run(now);
      await db()
        .update(jobRuns)
        .set({ finishedAt: new Date(), outcome })
        .where(and(eq(jobRuns.name, job.name), eq(jobRuns.period, period)));
      outcomes.push({ name: job.name, period, ran: true, outcome });
      await db()
        .delete(jobRuns)
        .where(and(eq(jobRuns.name, job.name), lt(jobRuns.finishedAt, new Date(now.getTime() - KEEP_RUNS_DAYS * 86_400_000))));
    } catch (error) {
      log.error({ err: error }, `Scheduled job ${job.name} (${period}) failed; it runs again at the next check`);
      await db()
        .delete(jobRuns)
        .where(and(eq(jobRuns.name, job.name), eq(jobRuns.period, period), eq(jobRuns.claimedBy, by)));
      outcomes.push({ name: job.name, period, ran: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}

/**
 * Checks for due jobs soon after start and then every `everyMinutes`; the timer never keeps the
 * process alive. Returns a function that stops it (the server's shutdown).
 */
export function startScheduler(jobs: Job[], { everyMinutes = 10, firstAfterSeconds = 5 } = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const result of await runDueJobs(jobs)) if (result.ran) log.info(`Scheduled job ${result.name} (${result.period}): ${result.outcome}`);
    } catch (error) {
      log.error({ err: error }, 'Scheduled jobs could not run');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstAfterSeconds * 1000);
  const every = setInterval(tick, everyMinutes * 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
