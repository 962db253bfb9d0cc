import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { SessionUser } from '~/features/accounts/session.server';
import { renewalChoiceSchema } from '~/features/membership/membership.schema';
import { autoRenewingMembershipOf, renewalCheckout } from '~/features/membership/membership-payments.server';
import { startCardUpdate, turnOffAutoRenewal } from '~/features/payments/membership-renewals.server';
import { startCheckout } from '~/features/payments/payments.server';
import { formatLongDate } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { confirmedChange } from '~/lib/fields';
import { parseIntent } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/profile';
import type { RenewalReply } from './profile-renewal.parts';

/*
 * The renewal posts of My Profile (docs/product.md#my-profile, #membership-lifecycle), handed on
 * by the profile's action: Renew, 'Turn off automatic renewal' and 'Update my card'. Renew and
 * 'Update my card' leave for a checkout or the provider's card page; a refusal stays on the profile
 * page, over the form it concerns, with the failure toast, and changes nothing.
 */

/** Renew, by hand or (ticked) with a yearly subscription: the checkout, or why not over the form. */
export async function renewPost(args: Route.ActionArgs, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: renewalChoiceSchema });
  if (submission.status !== 'success') return data<RenewalReply>({ renewResult: submission.reply() }, { status: 400 });
  try {
    return redirect((await startCheckout(await renewalCheckout(user, { autoRenew: submission.value.autoRenew }))).url);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast<RenewalReply>(args.context, { renewResult: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
}

/** Turning automatic renewal off asks first (ConfirmAction); answered yes, the provider stops it at the period's end. */
export async function turnOffAutoRenewalPost(args: Route.ActionArgs, user: SessionUser, formData: FormData) {
  try {
    const { confirmed } = parseIntent(formData, confirmedChange('turn-off-auto-renewal'));
    const membership = await autoRenewingMembershipOf(user);
    if (!confirmed) return data<RenewalReply>({ askingTurnOff: true });
    await turnOffAutoRenewal(user);
    return dataWithToast<RenewalReply>(args.context, {}, messages.autoRenewalOff(membership.expiresAt ? formatLongDate(membership.expiresAt) : 'your expiry'));
  } catch (error) {
    return refusedRenewal(args, error);
  }
}

/** 'Update my card': Stripe's billing portal, or a new test checkout; both come back to the portal. */
export async function updateCardPost(args: Route.ActionArgs, user: SessionUser) {
  try {
    return redirect(await startCardUpdate(user));
  } catch (error) {
    return refusedRenewal(args, error);
  }
}

function refusedRenewal(args: Route.ActionArgs, error: unknown) {
  const failure = failureOf(error, messages.updateFailed);
  return dataWithToast<RenewalReply>(args.context, { renewalError: failure.message }, failure.toast, { status: failure.status });
}
