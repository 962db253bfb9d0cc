import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { SessionUser } from '~/features/accounts/session.server';
import { memberDetailsSchema } from '~/features/membership/membership.schema';
import { updateMemberDetails } from '~/features/membership/membership.server';
import { failureOf } from '~/lib/errors.server';
import { messages } from '~/lib/messages';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/profile';
import type { DetailsReply } from './profile-details.parts';

/**
 * A post of 'Your details' (docs/product.md#my-profile), handed on by the profile's action: parsed
 * with the form's own schema; bad input, or a refusal, goes back to the form with what was typed,
 * and nothing changes.
 */
export async function detailsPost(args: Route.ActionArgs, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: memberDetailsSchema });
  if (submission.status !== 'success') return data<DetailsReply>({ detailsResult: submission.reply() }, { status: 400 });
  try {
    await updateMemberDetails(user, submission.value);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast<DetailsReply>(args.context, { detailsResult: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
  return dataWithToast<DetailsReply>(args.context, { detailsResult: submission.reply() }, messages.detailsSaved);
}
