import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect } from 'react';
import { data, Form, Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { passwordRule, updatePasswordSchema } from '~/features/accounts/accounts.schema';
import { resetPassword } from '~/features/accounts/accounts.server';
import { passwordProblem } from '~/features/accounts/passwords.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/update-password';

/** Milliseconds between the success toast and the move to /login (docs/product.md#accounts). */
const REDIRECT_DELAY_MS = 2000;

/**
 * The reset mail's link lands here with ?token=… (better-auth checked it) or ?error=INVALID_TOKEN;
 * an imported member's invitation with ?invited=1&token=… (docs/product.md#member-import): the same
 * token, the page asks them to set their first password.
 */
export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  return { token: token && !url.searchParams.has('error') ? token : null, invited: url.searchParams.get('invited') === '1' };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.invited ? 'Set your password' : 'Update password');

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: updatePasswordSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), done: false }, { status: 400 });
  }
  const weak = await passwordProblem(submission.value.password);
  if (weak) {
    return data({ result: submission.reply({ fieldErrors: { password: [weak] }, hideFields: ['password', 'confirmPassword'] }), done: false }, { status: 400 });
  }
  const { token, password } = submission.value;
  const outcome = token ? await resetPassword(request, { token, password }) : null;
  if (!outcome?.ok) {
    const message = outcome?.reason === 'rate-limited' ? messages.tooManyAttempts : messages.noActiveSession;
    return dataWithToast(
      args.context,
      { result: submission.reply({ formErrors: [message], hideFields: ['password', 'confirmPassword'] }), done: false },
      { ...messages.errorUpdatingPassword, description: message },
      { status: outcome?.reason === 'rate-limited' ? 429 : 400 },
    );
  }
  return dataWithToast(args.context, { result: submission.reply({ resetForm: true }), done: true }, messages.passwordUpdated);
}

// Someone's own data: never stored; React starts after the first paint (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'private', scripts: 'after-paint' };

export default function UpdatePassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(updatePasswordSchema, { id: 'update-password', lastResult: actionData?.result });
  const busy = useIsPending();
  const navigate = useNavigate();
  const done = actionData?.done === true;
  const invited = loaderData.invited;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <>
      {/* Without JavaScript the browser follows this after the same delay. */}
      {done ? <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=/login`} /> : null}
      <h1 className="text-center text-2xl font-bold text-navy-900">{invited ? 'Set your password' : 'Update Password'}</h1>
      {loaderData.token && !done ? (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm font-medium text-emerald-800">
          {invited ? messages.invitationNotice : messages.recoveryNotice}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm font-medium text-emerald-800">
          {messages.passwordUpdated.description} Taking you to the login page…
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
          <input type="hidden" name="token" value={loaderData.token ?? ''} />
          <FormField field={fields.password} label="New Password" type="password" autoComplete="new-password" hint={passwordRule} />
          <FormField field={fields.confirmPassword} label="Confirm New Password" type="password" autoComplete="new-password" />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? (invited ? 'Saving...' : 'Updating...') : invited ? 'Set my password' : 'Update Password'}
          </Button>
          <FormError id={form.errorId} errors={form.errors} />
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/forgot-password" className="font-semibold text-navy-700 hover:underline">
          Request a new reset link
        </Link>
      </p>
    </>
  );
}
