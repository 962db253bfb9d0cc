import { randomBytes } from 'node:crypto';
import type { Executor } from '~/db/client.server';
import { users } from '~/db/schema/auth';
import type { Role } from '~/lib/roles';

/** A verified account row (no password) for tests that need a user id. */
export async function createAccount(database: Executor, overrides: { name?: string; email?: string; role?: Role } = {}) {
  const id = randomBytes(12).toString('hex');
  const [row] = await database
    .insert(users)
    .values({
      id,
      name: overrides.name ?? 'Test Member',
      email: overrides.email ?? `member-${id}@example.org`,
      emailVerified: true,
      role: overrides.role ?? 'member',
    })
    .returning();
  return row!;
}
