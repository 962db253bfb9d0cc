/**
 * Fuzzing the running site: every form action and every set of GET parameters, with inputs
 * fast-check generates (control characters, lone surrogates, 20 KB strings, injections, numbers
 * that are not, ids that do not exist), posted as a guest, a member and an admin. Nothing a visitor
 * sends may give a 5xx, and bad input may leave no row behind.
 *
 * Plain HTTP from Node (`npm run test:fuzz`, vitest.fuzz.config.ts) against the production build,
 * which tests/fuzz/global-setup.ts serves on a fresh data folder.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { probe, signedInVisitors, type Role, type Visitor } from './probes';

const site = inject('fuzzSite');

const RUNS = 1200;

describe('fuzzing every form and parameter', () => {
  let visitors: Record<Role, Visitor>;

  beforeAll(async () => {
    visitors = await signedInVisitors(site);
    // Each keeps its session: the admin and the member fuzz with their rights, not as guests.
    expect((await visitors.admin.request('GET', '/admin/members')).status).toBe(200);
    expect((await visitors.member.request('GET', '/members-portal')).status).toBe(200);
    expect((await visitors.guest.request('GET', '/members-portal')).status).toBe(302);
  });

  /**
   * Rows a fuzzed post could have left behind, as an admin's exports show them: gifts whose email
   * has no '@' (every fuzzed email lacks one) and applications of the fuzzing member.
   */
  async function leftovers() {
    const rows = async (search: string) => (parse((await visitors.admin.request('GET', `/admin/export.csv?${search}`)).body) as string[][]).slice(1);
    return {
      // Columns: first_name, last_name, email, …
      gifts: (await rows('tab=donations')).filter((row) => !row[2]?.includes('@')),
      applications: await rows('tab=members&q=fuzzy-member'),
    };
  }

  it(`${RUNS} generated bad inputs as guest, member and admin: no 5xx, no rows left behind`, async () => {
    const before = await leftovers();
    expect(before).toEqual({ gifts: [], applications: [] });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(probe, async ({ role: who, method, path, form }) => {
        const { status } = await visitors[who].request(method, path, { form });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${who} ${method} ${path.slice(0, 200)} → ${status}`);
        return status < 500;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`fuzz: ${RUNS} requests; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures).toEqual([]);
    // Every fuzzed post carried at least one invalid field (an email that cannot be one, an unknown
    // plan): not one of them may have written an application or a gift.
    expect(await leftovers()).toEqual({ gifts: [], applications: [] });
  });
});
