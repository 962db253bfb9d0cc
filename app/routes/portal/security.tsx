import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { securityPageSchema } from '~/features/accounts/accounts.schema';
import { requireRole, TWO_FACTOR_SETUP_PATH } from '~/features/accounts/route-guards.server';
import { twoFactorRequiredFor } from '~/features/accounts/two-factor-policy.server';
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  renewBackupCodes,
  startTwoFactorSetup,
  takeNewBackupCodes,
  turnOffTwoFactor,
  twoFactorState,
  type TwoFactorFailure,
} from '~/features/accounts/two-factor.server';
import { failureOf } from '~/lib/errors.server';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/security';
import { TwoFactorOff, TwoFactorOn, TwoFactorPending, type SecurityReply } from './security-forms.parts';

/**
 * Security (docs/product.md#security): two-step sign-in with an authenticator app, for every
 * account; a super admin may require it of admins and finance, who are sent here until it is on.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireRole(args, 'member');
  const [state, required] = await Promise.all([twoFactorState(user), twoFactorRequiredFor(user.accountRole)]);
  // The backup codes of a set-up just confirmed: shown on this one answer, never again.
  const newCodes = state.status === 'on' ? await takeNewBackupCodes(user.id) : null;
  return { state, required, newCodes };
}

const failureMessages: Record<TwoFactorFailure, string> = {
  'wrong-password': messages.wrongPassword,
  'wrong-code': messages.wrongAuthenticatorCode,
  'rate-limited': messages.tooManyAttempts,
  locked: messages.secondStepLocked,
  'not-pending': messages.somethingWentWrong,
  'already-on': messages.somethingWentWrong,
  failed: messages.somethingWentWrong,
};

const statusOf = (reason: TwoFactorFailure) => (reason === 'rate-limited' || reason === 'locked' ? 429 : reason === 'failed' ? 500 : 400);

export async function action(args: Route.ActionArgs) {
  const user = await requireRole(args, 'member');
  const submission = parseWithZod(await readFormData(args.request), { schema: securityPageSchema });
  if (submission.status !== 'success') {
    const intent = refusedPost(submission).intent ?? 'unknown';
    return data({ intent, result: submission.reply({ hideFields: ['password'] }) } satisfies SecurityReply, { status: 400 });
  }
  const form = submission.value;
  // New codes and turning off are for an account that has it on; the page offers them only then.
  if ((form.intent === 'codes' || form.intent === 'off') && !user.twoFactorEnabled) return redirect(TWO_FACTOR_SETUP_PATH);
  // A failure shows under the field it is about (the password, or the code).
  const refuse = (reason: TwoFactorFailure) => {
    const field = reason === 'wrong-password' ? 'password' : reason === 'wrong-code' ? 'code' : null;
    const message = failureMessages[reason];
    const result = submission.reply(field ? { fieldErrors: { [field]: [message] }, hideFields: ['password'] } : { formErrors: [message], hideFields: ['password'] });
    return data({ intent: form.intent, result } satisfies SecurityReply, { status: statusOf(reason) });
  };
  try {
    switch (form.intent) {
      case 'start': {
        const outcome = await startTwoFactorSetup(args.request, form.password);
        if (!outcome.ok && outcome.reason !== 'already-on') return refuse(outcome.reason);
        return redirectWithToast(TWO_FACTOR_SETUP_PATH, messages.twoFactorSetupStarted);
      }
      case 'confirm': {
        const outcome = await confirmTwoFactorSetup(args.request, user, form.code);
        if (!outcome.ok) return outcome.reason === 'not-pending' ? redirect(TWO_FACTOR_SETUP_PATH) : refuse(outcome.reason);
        // The session was replaced: the next page reads the new cookie (docs/architecture/pitfalls.md).
        return redirectWithToast(TWO_FACTOR_SETUP_PATH, messages.twoFactorOn, { headers: outcome.headers });
      }
      case 'cancel':
        await cancelTwoFactorSetup(user.id);
        return redirectWithToast(TWO_FACTOR_SETUP_PATH, messages.twoFactorSetupCancelled);
      case 'codes': {
        const outcome = await renewBackupCodes(args.request, form.password);
        if (!outcome.ok) return refuse(outcome.reason);
        return dataWithToast(args.context, { intent: 'codes', result: submission.reply({ resetForm: true }), codes: outcome.codes } satisfies SecurityReply, messages.backupCodesRenewed);
      }
      case 'off': {
        const outcome = await turnOffTwoFactor(args.request, user, form.password);
        if (!outcome.ok) return refuse(outcome.reason);
        return redirectWithToast(TWO_FACTOR_SETUP_PATH, messages.twoFactorOff, { headers: outcome.headers });
      }
    }
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { intent: form.intent, result: submission.reply({ formErrors: [failure.message], hideFields: ['password'] }) } satisfies SecurityReply, failure.toast, {
      status: failure.status,
    });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Security · Members Portal');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { state, required, newCodes } = loaderData;
  const reply = actionData as SecurityReply | undefined;
  const resultFor = (intent: string): SubmissionResult<string[]> | undefined => (reply?.intent === intent ? reply.result : undefined);
  return (
    <section aria-labelledby="two-factor-heading" className="rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="two-factor-heading" className="text-lg font-bold text-navy-900">
          Two-step sign-in
        </h2>
        <span
          data-testid="two-factor-status"
          className={
            state.status === 'on' ? 'rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800' : 'rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700'
          }
        >
          {state.status === 'on' ? 'On' : state.status === 'pending' ? 'Being set up' : 'Off'}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        After your password, we ask for a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone cannot
        open your account.
      </p>
      {required && state.status !== 'on' ? (
        <p role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          The association requires two-step sign-in for admins and finance. Set it up here to open the admin area.
        </p>
      ) : null}
      {state.status === 'off' ? <TwoFactorOff lastResult={resultFor('start')} /> : null}
      {state.status === 'pending' ? <TwoFactorPending setup={state.setup} lastResult={resultFor('confirm')} /> : null}
      {state.status === 'on' ? (
        <TwoFactorOn required={required} codes={newCodes ?? (reply?.intent === 'codes' ? (reply.codes ?? null) : null)} codesResult={resultFor('codes')} offResult={resultFor('off')} />
      ) : null}
    </section>
  );
}
