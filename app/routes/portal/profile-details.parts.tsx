import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { memberDetailsSchema, type MemberDetailsInput } from '~/features/membership/membership.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/** What the profile's action answers a post of 'Your details' (profile-details.parts.server.ts). */
export type DetailsReply = { detailsResult: SubmissionResult<string[]> };

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
