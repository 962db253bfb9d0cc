import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { deleteAccountSchema } from '~/features/accounts/accounts.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/** What the profile's action answers a refused 'Delete my account' (profile-delete.parts.server.ts); a deletion done leaves for the home page. */
export type DeleteReply = { deleteResult: SubmissionResult<string[]> };

/** 'Delete my account' (docs/product.md#my-profile): confirmed by typing the account's email. */
export function DeleteAccount({ email, lastResult }: { email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const schema = useMemo(() => deleteAccountSchema(email), [email]);
  const [form, fields] = useSchemaForm(schema, { id: 'delete-account', lastResult });
  const busy = useIsPending({ intent: 'delete-account' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-3 rounded-lg border border-red-200 bg-red-50/50 p-5" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-lg font-bold text-red-900">
        Delete my account
      </h2>
      <p className="text-sm text-slate-700">
        Your account and sign-in are deleted. The association keeps the records its books need (applications, payments, gifts, tickets), with your name, address, telephone and email removed. This
        cannot be undone.
      </p>
      <input type="hidden" name="intent" value="delete-account" />
      <FormField field={fields.confirmEmail} label="Type your email address to confirm" type="email" autoComplete="off" className="max-w-md" />
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        {busy ? 'Deleting…' : 'Delete my account'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
