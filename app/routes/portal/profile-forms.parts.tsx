import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { changeEmailSchema } from '~/features/accounts/accounts.schema';
import { memberDetailsSchema, type MemberDetailsInput } from '~/features/membership/membership.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { cn } from '~/lib/utils';

/** 'Your details': the member corrects their name, telephone and address (docs/product.md#my-profile). */
export function DetailsForm({ formId, defaults, lastResult }: { formId: string; defaults: MemberDetailsInput; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(memberDetailsSchema, { id: formId, lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'details' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-4 border-t border-border pt-6" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-bold text-navy-900">
        Your details
      </h2>
      <input type="hidden" name="intent" value="details" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
        <FormField field={fields.phoneNumber} label="Telephone (optional)" type="tel" autoComplete="tel" />
        <FormField field={fields.homeAddress} label="Home Address" autoComplete="address-line1" />
      </div>
      <SaveButton busy={busy} busyLabel="Saving…">
        Save my details
      </SaveButton>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

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

/** 'Delete my account' (docs/product.md#my-profile): confirmed by typing the account's email. */
export function DeleteAccount({ error }: { error: string | null }) {
  const busy = useIsPending({ intent: 'delete-account' });
  return (
    <Form method="post" className="mt-8 grid gap-3 rounded-lg border border-red-200 bg-red-50/50 p-5" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-lg font-bold text-red-900">
        Delete my account
      </h2>
      <p className="text-sm text-slate-700">
        Your account and sign-in are deleted. The association keeps the records its books need (applications, payments, gifts, tickets), with your name, address, telephone and email removed. This
        cannot be undone.
      </p>
      <input type="hidden" name="intent" value="delete-account" />
      <label htmlFor="confirm-email" className="text-sm font-semibold text-navy-900">
        Type your email address to confirm
      </label>
      <Input
        id="confirm-email"
        name="confirmEmail"
        type="email"
        autoComplete="off"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'delete-error' : undefined}
        className="max-w-md bg-white"
      />
      {error ? (
        <p id="delete-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        {busy ? 'Deleting…' : 'Delete my account'}
      </Button>
    </Form>
  );
}
