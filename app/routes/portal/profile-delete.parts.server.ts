import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { deleteOwnAccount } from '~/features/accounts/account-deletion.server';
import { deleteAccountSchema } from '~/features/accounts/accounts.schema';
import { signOut } from '~/features/accounts/accounts.server';
import type { SessionUser } from '~/features/accounts/session.server';
import { failureOf } from '~/lib/errors.server';
import { messages } from '~/lib/messages';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/profile';
import type { DeleteReply } from './profile-delete.parts';

/**
 * A post of 'Delete my account' (docs/product.md#my-profile, docs/architecture/accounts.md#deleting-an-account),
 * handed on by the profile's action: the typed address is checked by the form's schema, then again
 * by the deletion, which also refuses staff and a running monthly or yearly gift; a refusal stays on the
 * page under the field or over the form, and nothing is deleted. Done, the browser is signed out
 * and goes home.
 */
export async function deleteAccountPost(args: Route.ActionArgs, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema(user.email) });
  if (submission.status !== 'success') return data<DeleteReply>({ deleteResult: submission.reply() }, { status: 400 });
  try {
    await deleteOwnAccount(user, submission.value.confirmEmail);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    const deleteResult = failure.field ? submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }) : submission.reply({ formErrors: [failure.message] });
    return dataWithToast<DeleteReply>(args.context, { deleteResult }, failure.toast, { status: failure.status });
  }
  // The session went with the account; the browser's cookie is cleared as at sign-out.
  const headers = await signOut(args.request).catch(() => new Headers());
  return redirectWithToast('/', messages.accountDeleted, { headers });
}
