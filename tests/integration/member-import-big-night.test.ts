/**
 * A large member import while the site is in use (issue 35, point 6; docs/architecture/member-import.md#while-it-runs):
 * the import hands the event loop to other requests between its parts (on the embedded database its
 * transaction holds the one connection, so pages that need no query, the page cache's, must still
 * be answered), and it stays all or nothing: a failure in a late part leaves no row of the file.
 */
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, verifications } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import { mailOutbox } from '~/db/schema/outbox';
import { payments } from '~/db/schema/payments';
import { commitMemberImport } from '~/features/payments/member-import.server';
import type { Actor } from '~/lib/roles';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const admin: Actor = { id: null, email: 'registrar@example.org', role: 'admin' };

/** `rows` members, each paid by cheque; the last one's email is `lastEmail`. */
function file(rows: number, lastEmail = `member${rows}@example.org`) {
  const lines = ['Full name,Email,Plan,Joined on,Expires on,Amount paid,Payment method,Payment date'];
  for (let n = 1; n <= rows; n += 1) lines.push(`Member ${n} Perera,${n === rows ? lastEmail : `member${n}@example.org`},annual,2024-04-01,2027-04-01,50,cheque,2024-04-02`);
  return lines.join('\n');
}

const counts = async () => {
  const one = async (table: typeof users | typeof membershipApplications | typeof payments | typeof verifications | typeof mailOutbox) =>
    (await database.db().select({ n: count() }).from(table))[0]!.n;
  return { users: await one(users), applications: await one(membershipApplications), payments: await one(payments), tokens: await one(verifications), mails: await one(mailOutbox) };
};

describe('a large member import', () => {
  it('lets other work run between its parts', async () => {
    // Turns of the event loop while the import runs: a page-cache hit needs nothing more.
    let turns = 0;
    let importing = true;
    const tick = () => {
      if (!importing) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const outcome = await commitMemberImport(admin, { csv: file(1600), invite: true });
    importing = false;
    expect(outcome.ok && outcome.created).toBe(1600);
    // Accounts, memberships, payments and invitations: each written in parts of 500, with turns between.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('writes nothing at all when a late part fails', async () => {
    const before = await counts();
    // The last row's membership is refused by the database, after 1,500 rows of its file were written.
    await database.db().execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.email = 'boom@example.org' then raise exception 'refused by the test'; end if; return new; end $$`);
    await database.db().execute(sql`create trigger refuse_boom before insert on membership_applications for each row execute function refuse_boom()`);
    try {
      await expect(commitMemberImport(admin, { csv: file(1600, 'boom@example.org').replace('Member 1600', 'Member Boom'), invite: true })).rejects.toThrow(
        /Failed query: insert into "membership_applications"/,
      );
    } finally {
      await database.db().execute(sql`drop trigger refuse_boom on membership_applications`);
      await database.db().execute(sql`drop function refuse_boom()`);
    }
    expect(await counts()).toEqual(before);
  });
});
