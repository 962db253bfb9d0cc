import type { FieldMetadata } from '@conform-to/react';
import { FormField, SelectField, type AnyField } from '~/components/ui/form-field';
import { offlineMethodLabels, offlineMethods } from '~/features/payments/offline.schema';

/**
 * The fields of money received by hand (docs/product.md#offline-payments): how it was paid, how
 * much, when, by whom, and its reference. Shared by an application's offline payment and an
 * offline gift.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's text field
type TextField = FieldMetadata<string, any, string[]>;

export function OfflinePaymentFields({ fields }: { fields: { method: AnyField; amount: TextField; receivedOn: TextField; receivedBy: TextField; reference: TextField } }) {
  return (
    <>
      <SelectField field={fields.method} label="Paid by" options={offlineMethods.map((method) => ({ value: method, label: offlineMethodLabels[method] }))} />
      <FormField field={fields.amount} label="Amount ($)" inputMode="decimal" />
      <FormField field={fields.receivedOn} label="Received on" type="date" />
      <FormField field={fields.receivedBy} label="Received by" autoComplete="name" />
      <FormField field={fields.reference} label="Cheque number or reference (optional)" className="sm:col-span-2" />
    </>
  );
}
