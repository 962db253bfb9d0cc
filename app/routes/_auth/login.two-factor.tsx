import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect } from 'react-router';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { authenticatorCodeSchema, backupCodeSchema, signInCodeSchema } from '~/features/accounts/accounts.schema';
import { getSessionUser } from '~/features/accounts/session.server';
import { hasSignInChallenge, verifySignInCode } from '~/features/accounts/two-factor.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { safeRedirect } from '~/lib/redirects';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/login.two-factor';

/**
 * The second sign-in step (docs/product.md#security): after the password, an account with
 * two-step sign-in on enters a code from its authenticator app, or a backup code (`?backup`).
 * Without better-auth's challenge cookie (no password yet, or it expired) the visitor starts at /login.
 */
function loginAgain(url: URL): string {
  const back = url.searchParams.get('redirectTo');
  return back ? `/login?redirectTo=${encodeURIComponent(safeRedirect(back))}` : '/login';
}

export async function loader(args: Route.LoaderArgs) {
  const { url } = args;
  if (await getSessionUser(args)) throw redirect(safeRedirect(url.searchParams.get('redirectTo')));
  if (!(await hasSignInChallenge(args.request))) throw redirect(loginAgain(url));
  const redirectTo = url.searchParams.get('redirectTo');
  const keep = redirectTo ? `redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}` : '';
  return { backup: url.searchParams.has('backup'), links: { app: `?${keep}`, backup: `?backup${keep ? `&${keep}` : ''}`, login: loginAgain(url) } };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Two-step sign-in');

const failures = {
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  locked: { status: 429, message: messages.secondStepLocked },
  failed: { status: 500, message: messages.somethingWentWrong },
} as const;

export async function action(args: Route.ActionArgs) {
  const { request, url } = args;
  if (await getSessionUser(args)) throw redirect(safeRedirect(url.searchParams.get('redirectTo')));
  const submission = parseWithZod(await readFormData(request), { schema: signInCodeSchema });
  if (submission.status !== 'success') {
    const backup = refusedPost(submission).intent === 'backup';
    return data({ backup, result: submission.reply({ hideFields: ['code'] }) }, { status: 400 });
  }
  const input = submission.value;
  const backup = input.intent === 'backup';
  const outcome = await verifySignInCode(request, { method: backup ? 'backup' : 'totp', code: input.code, trustDevice: input.trustDevice });
  if (outcome.ok) {
    return redirectWithToast(safeRedirect(url.searchParams.get('redirectTo')), messages.loginSuccessful, { headers: outcome.headers });
  }
  if (outcome.reason === 'challenge-over') return redirectWithToast(loginAgain(url), messages.signInAgain, { headers: outcome.headers });
  const failure = outcome.reason === 'wrong-code' ? { status: 401, message: backup ? messages.wrongBackupCode : messages.wrongAuthenticatorCode } : failures[outcome.reason];
  return data({ backup, result: submission.reply({ formErrors: [failure.message], hideFields: ['code'] }) }, { status: failure.status, headers: outcome.headers });
}

// Rendered for each visitor (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'personal', scripts: 'at-once' };

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const backup = actionData?.backup ?? loaderData.backup;
  return (
    <>
      <h1 className="text-center text-2xl font-bold text-navy-900">Two-step sign-in</h1>
      <p className="mt-1 text-center text-sm text-muted-foreground">
        {backup ? 'Enter one of the backup codes you saved when you set up two-step sign-in.' : 'Enter the 6-digit code your authenticator app shows for this site.'}
      </p>
      {backup ? <BackupCodeForm lastResult={actionData?.backup ? actionData.result : undefined} /> : <AppCodeForm lastResult={actionData?.backup === false ? actionData.result : undefined} />}
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-center text-sm">
        <Link to={backup ? loaderData.links.app : loaderData.links.backup} replace className="font-semibold text-navy-700 hover:underline">
          {backup ? 'Use the code from your app' : 'Use a backup code instead'}
        </Link>
        <Link to={loaderData.links.login} className="font-semibold text-navy-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

const trustLabel = 'Trust this device for 30 days';
const trustHint = 'This browser then skips the code. Not on a shared computer.';

function AppCodeForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(authenticatorCodeSchema, { id: 'sign-in-code', lastResult });
  const busy = useIsPending({ intent: 'totp' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
      <input type="hidden" name="intent" value="totp" />
      <FormField field={fields.code} label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} autoFocus />
      <CheckboxField field={fields.trustDevice} label={trustLabel} hint={trustHint} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function BackupCodeForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(backupCodeSchema, { id: 'sign-in-backup-code', lastResult });
  const busy = useIsPending({ intent: 'backup' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
      <input type="hidden" name="intent" value="backup" />
      <FormField field={fields.code} label="Backup code" autoComplete="off" autoCapitalize="off" spellCheck={false} hint="Each backup code works once." autoFocus />
      <CheckboxField field={fields.trustDevice} label={trustLabel} hint={trustHint} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
