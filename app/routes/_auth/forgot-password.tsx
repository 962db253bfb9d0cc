import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { emailOnlySchema } from '~/features/accounts/accounts.schema';
import { requestPasswordReset } from '~/features/accounts/accounts.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Forgot password');

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: emailOnlySchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await requestPasswordReset(request, submission.value.email);
  if (!outcome.ok) {
    return data({ result: submission.reply({ formErrors: [messages.tooManyAttempts] }), sent: false }, { status: 429 });
  }
  // The same answer whether or not the address has an account.
  return dataWithToast(args.context, { result: submission.reply({ resetForm: true }), sent: true }, messages.resetEmailSent);
}

// Rendered for each visitor; React starts after the first paint (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'personal', scripts: 'after-paint' };

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(emailOnlySchema, { id: 'forgot-password', lastResult: actionData?.result });
  const busy = useIsPending();
  return (
    <>
      <h1 className="text-center text-2xl font-bold text-navy-900">Forgot your password?</h1>
      <p className="mt-1 text-center text-sm text-muted-foreground">Enter the email address of your account and we will send you a link to choose a new password.</p>
      {actionData?.sent ? (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
          {messages.resetEmailSent.description}.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <FormError id={form.errorId} errors={form.errors} />
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-navy-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </>
  );
}
