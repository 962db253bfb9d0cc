import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { receiptSettingsSchema } from '~/features/payments/receipt-settings.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/**
 * Who issues the gift receipts (docs/product.md#gift-receipts), under the association's settings:
 * the legal name, the charity registration number, the address and the signer, as every receipt
 * and year-end statement prints them.
 */
export function ReceiptSettingsForm({ defaults, lastResult }: { defaults: z.input<typeof receiptSettingsSchema>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(receiptSettingsSchema, { id: 'receipt-settings', lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'receipts' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-10 grid max-w-3xl gap-5 border-t border-border pt-8" aria-labelledby="receipt-settings-heading">
      <div>
        <h2 id="receipt-settings-heading" className="text-xl font-bold text-navy-900">
          Gift receipts
        </h2>
        <p className="text-muted-foreground">What every numbered gift receipt and year-end statement prints, as a tax office asks for it.</p>
      </div>
      <input type="hidden" name="intent" value="receipts" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.legalName} label="Legal name" className="sm:col-span-2" hint="As registered with the tax office" />
        <FormField field={fields.registrationNumber} label="Charity registration number" />
        <FormField field={fields.signerName} label="Signer’s name" hint="The person who signs the receipts, e.g. the treasurer" />
        <FormField field={fields.address} label="Address on receipts" className="sm:col-span-2" multiline />
      </div>
      <SaveButton busy={busy}>Save receipt details</SaveButton>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
