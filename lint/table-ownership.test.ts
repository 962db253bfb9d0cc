/**
 * Table ownership (docs/architecture.md#import-rules), checked through the project's real ESLint
 * configuration: who may import a db/schema file, and who may write its tables.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The ownership rule's messages for `code` as if it were the file `filePath` (other rules' findings are ignored). */
async function ownershipErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'tables/ownership').map((message) => message.message);
}

const database = "import { db } from '~/db/client.server';\n";

describe('tables/ownership', () => {
  it.each([
    ['a feature importing another feature’s schema file it does not read', 'app/features/membership/breach.ts', "import { payments } from '~/db/schema/payments';\nexport const table = payments;"],
    ['the same through a relative path', 'app/features/mailings/breach.ts', "import { donations } from '../../db/schema/donations';\nexport const table = donations;"],
    ['the same as a type-only import', 'app/features/donations/breach.ts', "import type { tickets } from '~/db/schema/tickets';\nexport type Row = typeof tickets.$inferSelect;"],
    ['a re-export', 'app/features/mail/breach.ts', "export { mailings } from '~/db/schema/mailings';"],
    ['a dynamic import', 'app/features/content/breach.ts', "export const later = () => import('~/db/schema/tickets');"],
    ['lib importing a feature’s schema file', 'app/lib/breach.ts', "import { payments } from '~/db/schema/payments';\nexport const table = payments;"],
    ['lib importing content’s tables as values (only the row type is allowed)', 'app/lib/breach.ts', "import { siteSettings } from '~/db/schema/content';\nexport const table = siteSettings;"],
    ['lib/server importing a feature’s schema file', 'app/server/breach.ts', "import { users } from '~/db/schema/auth';\nexport const table = users;"],
    [
      'an account file other than the listed exceptions',
      'app/features/accounts/breach.ts',
      "import { membershipApplications } from '~/db/schema/membership';\nexport const table = membershipApplications;",
    ],
    ['a schema file without an owner', 'app/features/events/breach.ts', "import { gadgets } from '~/db/schema/gadgets';\nexport const table = gadgets;"],
  ])('refuses %s', async (_name, filePath, code) => {
    const errors = await ownershipErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('See docs/architecture.md#import-rules');
  });

  it('says what lib may import instead', async () => {
    const [error] = await ownershipErrors('app/lib/breach.ts', "import { refunds } from '~/db/schema/payments';\nexport const table = refunds;");
    expect(error).toContain('lib holds no domain queries');
    expect(error).toContain('db/schema/jobs');
    expect(error).toContain('db/schema/content (import type only)');
  });

  it.each([
    [
      'a reader inserting',
      'app/features/events/breach.ts',
      `${database}import { payments } from '~/db/schema/payments';\nexport const write = () => db().transaction(async (tx) => { await tx.insert(payments).values({} as never); });`,
      'payments',
    ],
    [
      'a reader updating',
      'app/features/donations/breach.ts',
      `${database}import { payments } from '~/db/schema/payments';\nexport const write = () => db().update(payments).set({ livemode: false });`,
      'payments',
    ],
    [
      'a reader deleting through a namespace import',
      'app/features/payments/breach.ts',
      `${database}import * as giving from '~/db/schema/donations';\nexport const write = () => db().delete(giving.donations);`,
      'donations',
    ],
    ['an aliased table', 'app/features/content/breach.ts', `${database}import { media as files } from '~/db/schema/media';\nexport const write = () => db().delete(files);`, 'media'],
    [
      'the owner of a schema file writing a table another feature owns',
      'app/features/content/breach.ts',
      `${database}import { events } from '~/db/schema/content';\nexport const write = () => db().delete(events);`,
      'events',
    ],
    [
      'lib writing a feature-owned table it may import as a type',
      'app/lib/breach.ts',
      `${database}import { siteSettings } from '~/db/schema/content';\nexport const write = () => db().update(siteSettings);`,
      'siteSettings',
    ],
    [
      'an exception writing a table outside its list',
      'app/features/membership/membership.server.ts',
      `${database}import { sessions } from '~/db/schema/auth';\nexport const write = () => db().delete(sessions);`,
      'sessions',
    ],
  ])('refuses %s', async (_name, filePath, code, table) => {
    const errors = await ownershipErrors(filePath, code);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const write = errors.find((error) => error.includes('may not write'));
    expect(write).toContain(`may not write ${table} `);
    expect(write).toContain('See docs/architecture.md#import-rules');
  });

  it('tells a reader that reading is all it may do', async () => {
    const [error] = await ownershipErrors('app/features/events/breach.ts', `${database}import { payments } from '~/db/schema/payments';\nexport const write = () => db().update(payments);`);
    expect(error).toContain('features/events may not write payments of db/schema/payments (.update): features/payments owns it');
    expect(error).toContain('listed as a reader, which allows reading only');
  });

  it.each([
    [
      'the owner writing',
      'app/features/payments/ok.ts',
      `${database}import { paymentRefunds, payments } from '~/db/schema/payments';\nexport const write = () => db().transaction(async (tx) => { await tx.insert(paymentRefunds).values({} as never); await tx.update(payments).set({ status: 'refunded' }); });`,
    ],
    ['a reader reading', 'app/features/events/ok.ts', `${database}import { payments } from '~/db/schema/payments';\nexport const read = () => db().select().from(payments);`],
    [
      'a table’s own owner inside another feature’s schema file',
      'app/features/events/ok.ts',
      `${database}import { events, ticketTiers } from '~/db/schema/content';\nexport const write = () => db().transaction(async (tx) => { await tx.delete(ticketTiers); await tx.update(events).set({}); });`,
    ],
    [
      'the account-deletion exception',
      'app/features/accounts/account-deletion.server.ts',
      `${database}import { auditLog } from '~/db/schema/audit';\nimport { donations } from '~/db/schema/donations';\nimport { membershipApplications } from '~/db/schema/membership';\nimport { tickets } from '~/db/schema/tickets';\nexport const write = () => db().transaction(async (tx) => { await tx.update(membershipApplications).set({}); await tx.update(donations).set({}); await tx.update(tickets).set({}); await tx.update(auditLog).set({}); });`,
    ],
    [
      'the account-email exception',
      'app/features/accounts/account-email.server.ts',
      `${database}import { membershipApplications } from '~/db/schema/membership';\nexport const write = () => db().update(membershipApplications).set({});`,
    ],
    [
      'membership naming the account (users only)',
      'app/features/membership/membership.server.ts',
      `${database}import { users } from '~/db/schema/auth';\nexport const write = () => db().update(users).set({ name: 'A' });`,
    ],
    ['anyone importing the value sets', 'app/features/mailings/ok.ts', "import { mailingAudiences } from '~/db/schema/enums';\nexport const audiences = mailingAudiences;"],
    [
      'lib writing its infrastructure tables',
      'app/lib/ok.ts',
      `${database}import { auditLog } from '~/db/schema/audit';\nimport { jobRuns } from '~/db/schema/jobs';\nexport const write = () => db().transaction(async (tx) => { await tx.insert(auditLog).values({} as never); await tx.delete(jobRuns); });`,
    ],
    ['lib importing the settings row’s type', 'app/lib/ok.ts', "import type { siteSettings } from '~/db/schema/content';\nexport type Settings = typeof siteSettings.$inferSelect;"],
    [
      'a .delete that is not a table',
      'app/features/events/ok.ts',
      "import { payments } from '~/db/schema/payments';\nconst seen = new Map<unknown, number>();\nexport const forget = (payment: unknown) => seen.delete(payment ?? payments);",
    ],
    [
      'a local variable that shadows a table',
      'app/features/events/ok.ts',
      "import { payments } from '~/db/schema/payments';\nexport const read = payments;\nexport const forget = (cache: Set<string>, payments: string) => cache.delete(payments);",
    ],
    [
      'db’s own files (the seed, the client)',
      'app/db/ok.ts',
      `import { db } from './client.server';\nimport { payments } from './schema/payments';\nexport const write = () => db().delete(payments);`,
    ],
    ['tests beside the code', 'app/features/content/ok.test.ts', `${database}import { payments } from '~/db/schema/payments';\nexport const write = () => db().delete(payments);`],
    ['code outside app/', 'tests/integration/ok.ts', `${database}import { payments } from '~/db/schema/payments';\nexport const write = () => db().delete(payments);`],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await ownershipErrors(filePath, code)).toEqual([]);
  });
});
