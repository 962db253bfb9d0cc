import type { Submission } from '@conform-to/react';
import { data, type RouterContextProvider } from 'react-router';
import type { EmailChangeOutcome } from '~/features/accounts/accounts.server';
import { messages } from '~/lib/messages';
import { dataWithToast } from '~/lib/toast.server';

/** Where the link of a change of address leads; better-auth adds `&error=…` when it is refused. */
export const EMAIL_CHANGE_RETURN = '/members-portal?email=changed';

const failures: Record<Exclude<EmailChangeOutcome, { ok: true }>['reason'], { status: number; message: string }> = {
  'wrong-password': { status: 400, message: messages.wrongPassword },
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  'mail-failed': { status: 503, message: messages.errorSendingEmail.description },
  invalid: { status: 400, message: messages.checkWhatYouEntered },
  failed: { status: 500, message: messages.somethingWentWrong },
};

/**
 * The 'Change email' form's answer (docs/product.md#my-profile): the link sent to the new address,
 * or why not, at the field it concerns (a wrong password) or over the form. The password is never
 * sent back into the form.
 */
export function emailChangeReply({ context }: { context: Readonly<RouterContextProvider> }, outcome: EmailChangeOutcome, form: { newEmail: string; reply: Submission<unknown>['reply'] }) {
  const submission = form;
  if (outcome.ok) {
    const newEmail = form.newEmail.toLowerCase();
    return dataWithToast(context, { emailResult: submission.reply({ resetForm: true }), emailSentTo: newEmail }, messages.emailChangeSent(newEmail));
  }
  const failure = failures[outcome.reason];
  const reply = {
    emailResult:
      outcome.reason === 'wrong-password'
        ? submission.reply({ fieldErrors: { currentPassword: [failure.message] }, hideFields: ['currentPassword'] })
        : submission.reply({ formErrors: [failure.message], hideFields: ['currentPassword'] }),
    emailSentTo: null,
  };
  return outcome.reason === 'mail-failed' ? dataWithToast(context, reply, messages.errorSendingEmail, { status: failure.status }) : data(reply, { status: failure.status });
}
