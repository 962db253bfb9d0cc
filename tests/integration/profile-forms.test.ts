/**
 * My Profile's forms (docs/product.md#my-profile) as the page's action hands them to their modules
 * (docs/architecture/forms.md#a-page-of-separate-forms): a post the page never sends is refused
 * with the failure toast, and each module's refusal comes back to its own form on the profile page,
 * with what was typed, and changes nothing. The accepted posts are the subject of
 * membership-routes, email-change, account-deletion and auto-renewal tests.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema/membership';
import { checkoutSessions } from '~/db/schema/payments';
import { pendingToast } from '~/lib/toast.server';
import { action as profileAction } from '~/routes/portal/profile';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs } from '../setup/route-args';

const database = setupTestDatabase();
beforeAll(async () => {
  await createSiteSettings(database.db());
});

type Result = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
type Answer = { init: ResponseInit | null; data: Record<string, unknown> };

/** A post to /members-portal: the action's answer and the toast it left for the page. */
async function post(cookie: string, fields: Record<string, string>) {
  const args = postArgs('/members-portal', fields, { cookie });
  const answer = (await profileAction(args)) as unknown as Answer;
  return { status: answer.init?.status ?? 200, data: answer.data, toast: pendingToast(args.context) };
}

/** A member whose application is waiting for the committee: nothing to renew yet, no automatic renewal. */
async function waitingMember() {
  const { account, cookie } = await createSignedInAccount(database.db());
  const [application] = await database
    .db()
    .insert(membershipApplications)
    .values({ userId: account.id, email: account.email, firstName: 'Dilani', lastName: 'Weerasinghe', homeAddress: '5 Elm St, Toronto', membershipType: 'annual', status: 'pending_approval' })
    .returning();
  return { account, cookie, application: application! };
}

const row = async (id: string) => (await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, id)))[0]!;

describe('the profile’s action', () => {
  it('refuses a post the page never sends with the failure toast, whichever module it names or not', async () => {
    const { cookie } = await createSignedInAccount(database.db());
    const neverSent: Record<string, string>[] = [{ intent: 'simulate-renewal', outcome: 'paid' }, { intent: 'details-and-more' }, { intent: '' }, { firstName: 'No intent' }];
    for (const fields of neverSent) {
      const answer = await post(cookie, fields);
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ error: 'Unknown request.' });
      expect(answer.toast).toMatchObject({ title: 'Update Failed', description: 'Unknown request.' });
    }
  });

  it('answers a refused detail at its form, with what was typed, when there is no application to correct', async () => {
    const { cookie } = await createSignedInAccount(database.db());
    const answer = await post(cookie, { intent: 'details', firstName: 'Ruwan', lastName: 'Silva', homeAddress: '9 Pine Rd' });
    expect(answer.status).toBe(404);
    expect(answer.data.detailsResult as Result).toMatchObject({
      error: { '': ['Apply for membership first: your details are kept with your application.'] },
      initialValue: { firstName: 'Ruwan', lastName: 'Silva', homeAddress: '9 Pine Rd' },
    });
    expect(answer.toast).toMatchObject({ title: 'Update Failed' });
  });

  it('answers a refused Renew over its form, with the toast, and starts no checkout', async () => {
    const { account, cookie, application } = await waitingMember();
    const answer = await post(cookie, { intent: 'renew', autoRenew: 'on' });
    expect(answer.status).toBe(409);
    expect(answer.data.renewResult as Result).toMatchObject({ error: { '': ['Only an approved annual membership can be renewed.'] }, initialValue: { autoRenew: 'on' } });
    expect(answer.toast).toMatchObject({ title: 'Update Failed', description: 'Only an approved annual membership can be renewed.' });
    expect(await database.db().select().from(checkoutSessions).where(eq(checkoutSessions.customerEmail, account.email))).toEqual([]);
    expect(await row(application.id)).toMatchObject({ status: 'pending_approval', autoRenewal: 'off' });
  });

  it('answers Update my card and turning off, for a membership that does not renew automatically, in the renewal section', async () => {
    const { cookie, application } = await waitingMember();
    const posts: Record<string, string>[] = [{ intent: 'update-card' }, { intent: 'turn-off-auto-renewal' }, { intent: 'turn-off-auto-renewal', confirmed: 'yes' }];
    for (const fields of posts) {
      const answer = await post(cookie, fields);
      expect(answer.status).toBe(409);
      expect(answer.data).toEqual({ renewalError: 'Your membership does not renew automatically.' });
      expect(answer.toast).toMatchObject({ title: 'Update Failed', description: 'Your membership does not renew automatically.' });
    }
    expect(await row(application.id)).toMatchObject({ autoRenewal: 'off' });
  });
});
