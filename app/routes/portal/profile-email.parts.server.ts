import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { changeEmailSchema } from '~/features/accounts/accounts.schema';
import { requestEmailChange, type EmailChangeOutcome } from '~/features/accounts/accounts.server';
import type { SessionUser } from '~/features/accounts/session.server';
import { messages } from '~/lib/messages';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/profile';
import type { EmailReply } from './profile-email.parts';

/*
 * 'Change email' (docs/product.md#my-profile, docs/architecture/accounts.md#changing-an-accounts-email):
 * the post, handed on by the profile's action, and the way back from the link it mails.
 */

/** Where the link of a change of address leads; better-auth adds `&error=…` when it is refused. */
const EMAIL_CHANGE_RETURN = '/members-portal?email=changed';

const failures: Record<Exclude<EmailChangeOutcome, { ok: true }>['reason'], { status: number; message: string }> = {
  'wrong-password': { status: 400, message: messages.wrongPassword },
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  'mail-failed': { status: 503, message: messages.errorSendingEmail.description },
  invalid: { status: 400, message: messages.checkWhatYouEntered },
  failed: { status: 500, message: messages.somethingWentWrong },
};

/**
 * A post of 'Change email': the link sent to the new address, or why not, at the field it
 * concerns (a wrong password) or over the form. The password is never sent back into the form.
 */
export async function changeEmailPost(args: Route.ActionArgs, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: changeEmailSchema(user.email) });
  if (submission.status !== 'success') return data<EmailReply>({ emailResult: submission.reply({ hideFields: ['currentPassword'] }), emailSentTo: null }, { status: 400 });
  const outcome = await requestEmailChange(args.request, submission.value, EMAIL_CHANGE_RETURN);
  if (outcome.ok) {
    const newEmail = submission.value.newEmail.toLowerCase();
    return dataWithToast<EmailReply>(args.context, { emailResult: submission.reply({ resetForm: true }), emailSentTo: newEmail }, messages.emailChangeSent(newEmail));
  }
  const failure = failures[outcome.reason];
  const reply: EmailReply = {
    emailResult:
      outcome.reason === 'wrong-password'
        ? submission.reply({ fieldErrors: { currentPassword: [failure.message] }, hideFields: ['currentPassword'] })
        : submission.reply({ formErrors: [failure.message], hideFields: ['currentPassword'] }),
    emailSentTo: null,
  };
  return outcome.reason === 'mail-failed' ? dataWithToast(args.context, reply, messages.errorSendingEmail, { status: failure.status }) : data(reply, { status: failure.status });
}

/**
 * The mailed link's way back (`?email=changed`, with `&error=…` when better-auth refused it): the
 * portal again, with what happened as a toast. Null on any other visit.
 */
export async function emailChangeLanding(url: URL, user: SessionUser) {
  if (url.searchParams.get('email') !== 'changed') return null;
  return redirectWithToast('/members-portal', url.searchParams.has('error') ? messages.emailChangeLinkInvalid : messages.emailChanged(user.email));
}
