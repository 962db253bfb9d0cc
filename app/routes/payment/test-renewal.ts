import { redirect } from 'react-router';
import { z } from 'zod';
import { requireRole } from '~/features/accounts/route-guards.server';
import { simulateTestMembershipRenewal } from '~/features/payments/test-checkout.server';
import { AppError } from '~/lib/errors';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import type { ResourceHandle } from '~/lib/page-policy';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/test-renewal';

/**
 * The test provider's next yearly charge of a member's automatic renewal, paid or failed, on
 * demand (docs/product.md#membership-lifecycle): what Stripe's invoice would do a year later, for
 * trying the renewal before the site goes live. Only a test subscription renews here, and only
 * while test payments are allowed. The portal's "Simulate … renewal (test mode)" buttons post here;
 * the answer goes back to the portal's renewal section with what happened.
 */
const testRenewalSchema = z.object({ outcome: z.enum(['paid', 'failed']) });

const BACK = '/members-portal#auto-renewal';

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, 'member');
  const parsed = testRenewalSchema.safeParse(Object.fromEntries(await readFormData(args.request)));
  if (!parsed.success) return redirectWithToast(BACK, failureOf(new AppError('bad_request', 'Unknown request.'), messages.updateFailed).toast);
  try {
    await simulateTestMembershipRenewal(user, parsed.data.outcome);
    return redirectWithToast(BACK, parsed.data.outcome === 'paid' ? messages.renewalRecorded : messages.renewalFailedRecorded);
  } catch (error) {
    return redirectWithToast(BACK, failureOf(error, messages.updateFailed).toast);
  }
}

/** Nothing to show: the address typed goes to the portal. */
export function loader() {
  return redirect('/members-portal');
}

// Never stored: an answer for one member (docs/architecture/pages.md#page-policy).
export const handle: ResourceHandle = { cache: 'private' };
