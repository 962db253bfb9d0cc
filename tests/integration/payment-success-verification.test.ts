/**
 * The success page after a membership payment (docs/product.md#success-page-payment-success): a new
 * applicant, whose account is not verified yet, reads there that the portal wants the verification
 * link first, and to which address it went; a member who signed in to pay is not told.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import { action as membershipAction } from '~/routes/_site/membership';
import { loader as successLoader } from '~/routes/payment/success';
import { action as profileAction } from '~/routes/portal/profile';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

type Person = { name: string; email: string };
const people = JSON.parse(readFileSync('tests/fixtures/real-input/people.json', 'utf8')) as Person[];
/** The long email ("75 characters", 77 in fact), which must also wrap on a phone. */
const longEmail = people.reduce((longest, person) => (person.email.length > longest.email.length ? person : longest));
const tamil = people.find((person) => /[\u0B80-\u0BFF]/.test(person.name))!;

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

/** What a post answered: the redirect's address (thrown or returned) or the answer itself. */
async function locationOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    const result = await run();
    return result instanceof Response ? result.headers.get('Location') : null;
  } catch (error) {
    if (error instanceof Response) return error.headers.get('Location');
    throw error;
  }
}

const apply = (fields: Record<string, string>, cookie: string) =>
  membershipAction(routeArgs('/membership?plan=annual', { method: 'POST', body: new URLSearchParams(fields), headers: { cookie, 'x-client-ip': '192.0.2.133' } }));

const success = async (sessionId: string, cookie = '') => (await successLoader(routeArgs(`/payment-success?session_id=${sessionId}`, { headers: { cookie } }))) as Record<string, unknown>;

describe('the success page of a membership payment', () => {
  it('tells a new applicant to follow the verification link, naming the address, until the account is verified', async () => {
    // Step 1 of the membership page: the account, not verified; the applicant cookie carries on.
    const created = (await apply({ intent: 'create-account', email: longEmail.email, password: 'a long enough password' }, '')) as unknown as Response;
    expect(created.status).toBe(302);
    const cookie = created.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .join('; ');
    const [first, ...rest] = tamil.name.split(' ');
    const checkout = await locationOf(() => apply({ intent: 'apply', membershipType: 'annual', firstName: first!, lastName: rest.join(' '), homeAddress: '12 Maple Road, Toronto' }, cookie));
    expect(checkout).toMatch(/^\/payment\/test-checkout\/tcs_/);
    const sessionId = checkout!.split('/').at(-1)!;
    await payTestCheckout(sessionId);

    for (const page of [await success(sessionId), await success(sessionId)]) {
      expect(page).toMatchObject({ state: 'confirmed', kind: 'membership', next: { label: 'Go to Members Portal', to: '/members-portal' }, verifyEmail: longEmail.email });
    }

    await database.db().update(users).set({ emailVerified: true }).where(eq(users.email, longEmail.email));
    expect(await success(sessionId)).toMatchObject({ state: 'confirmed', kind: 'membership', verifyEmail: null });
  });

  it('says nothing of it to a signed-in member who joins or renews', async () => {
    const joining = await createSignedInAccount(database.db(), { email: 'joining.member@example.org', name: 'Kumari Silva' });
    const checkout = await locationOf(() => apply({ intent: 'apply', membershipType: 'annual', firstName: 'Kumari', lastName: 'Silva', homeAddress: '2 King St, Toronto' }, joining.cookie));
    const joined = checkout!.split('/').at(-1)!;
    await payTestCheckout(joined);
    expect(await success(joined, joining.cookie)).toMatchObject({ state: 'confirmed', kind: 'membership', verifyEmail: null });

    // An approved annual membership within its renewal window (60 days before it expires).
    const renewing = await createSignedInAccount(database.db(), { email: 'renewing.member@example.org', name: 'Ravi Shankar' });
    await database
      .db()
      .insert(membershipApplications)
      .values({
        userId: renewing.account.id,
        email: renewing.account.email,
        firstName: 'Ravi',
        lastName: 'Shankar',
        homeAddress: '1 Bay St',
        membershipType: 'annual',
        status: 'approved',
        memberSince: new Date(),
        expiresAt: new Date(Date.now() + 20 * 86_400_000),
      });
    const renewal = await locationOf(() => profileAction(postArgs('/members-portal', { intent: 'renew' }, { cookie: renewing.cookie })));
    expect(renewal).toMatch(/^\/payment\/test-checkout\/tcs_/);
    const renewed = renewal!.split('/').at(-1)!;
    await payTestCheckout(renewed);
    expect(await success(renewed, renewing.cookie)).toMatchObject({ state: 'confirmed', kind: 'renewal', verifyEmail: null });
  });
});
