import type { Executor } from '~/db/client.server';
import { membershipApplications } from '~/db/schema/membership';
import { submitApplication } from '~/features/membership/membership.server';
import type { ApplicationStatus, MembershipType } from '~/db/schema/enums';
import { createAccount } from './accounts';

/** An account with a membership application in the given state, written straight to the tables. */
export async function createMembership(database: Executor, options: { status?: ApplicationStatus; type?: MembershipType; expiresAt?: Date | null; firstName?: string; email?: string } = {}) {
  const account = await createAccount(database, { email: options.email, name: options.firstName ?? 'Member' });
  const [application] = await database
    .insert(membershipApplications)
    .values({
      userId: account.id,
      firstName: options.firstName ?? 'Member',
      lastName: 'Test',
      email: account.email,
      homeAddress: '1 Bay St, Toronto',
      membershipType: options.type ?? 'annual',
      status: options.status ?? 'approved',
      memberSince: (options.status ?? 'approved') === 'pending_payment' ? null : new Date(Date.now() - 300 * 86_400_000),
      expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 65 * 86_400_000) : options.expiresAt,
    })
    .returning();
  return { account, application: application! };
}

/** A new account's application submitted as the membership page submits it (pending payment). */
export async function submitNewApplication(database: Executor, membershipType: MembershipType = 'annual') {
  const account = await createAccount(database);
  const application = await submitApplication(
    { userId: account.id, email: account.email },
    {
      membershipType,
      firstName: 'Anjali',
      lastName: 'Fernando',
      email: account.email,
      password: undefined,
      phoneNumber: null,
      homeAddress: '12 Maple Road, Toronto',
      olYear: 1994,
      alYear: null,
      studyStartDate: null,
      studyEndDate: null,
    },
  );
  return { account, application };
}
