import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { changeEmailSchema } from '~/features/accounts/accounts.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { cn } from '~/lib/utils';

/** What the profile's action answers a post of 'Change email' (profile-email.parts.server.ts): the form's result, and where the link went. */
export type EmailReply = { emailResult: SubmissionResult<string[]>; emailSentTo: string | null };

/**
 * 'Change email' (docs/product.md#my-profile): the new address gets a link that makes the change;
 * until it is followed, the member signs in with the address shown here.
 */
export function ChangeEmailForm({ email, lastResult, sentTo, first = false }: { email: string; lastResult: SubmissionResult<string[]> | undefined; sentTo: string | null; first?: boolean }) {
  const schema = useMemo(() => changeEmailSchema(email), [email]);
  const [form, fields] = useSchemaForm(schema, { id: 'change-email', lastResult });
  const busy = useIsPending({ intent: 'change-email' });
  return (
    <Form method="post" {...getFormProps(form)} className={cn('grid gap-4', first ? null : 'mt-8 border-t border-border pt-6')} aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-bold text-navy-900">
        Change email
      </h2>
      <p className="text-sm text-slate-700">
        You sign in with{' '}
        <strong data-testid="account-email" className="wrap-anywhere">
          {email}
        </strong>
        , and our mails go there. To use another address, enter it with your current password: we send a link to the new address, and the change is made when you follow it.
      </p>
      <input type="hidden" name="intent" value="change-email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.newEmail} label="New Email Address" type="email" autoComplete="email" />
        <FormField field={fields.currentPassword} label="Current Password" type="password" autoComplete="current-password" />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Sending Link…' : 'Change email'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
      {sentTo ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          We sent a link to <strong>{sentTo}</strong>. Your email address changes when you follow it; the link works for 24 hours. Until then you sign in with {email}.
        </p>
      ) : null}
    </Form>
  );
}
