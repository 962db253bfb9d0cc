import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { membershipPricesSchema } from '~/features/content/prices.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/**
 * The membership plans' prices (docs/product.md#membership), under the association's settings. A
 * change applies to checkouts started after it; one already started keeps its amount.
 */
export function MembershipPricesForm({ defaults, lastResult }: { defaults: z.input<typeof membershipPricesSchema>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(membershipPricesSchema, { id: 'membership-prices', lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'prices' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-10 grid max-w-3xl gap-4 border-t border-border pt-8" aria-labelledby="membership-prices-heading">
      <div>
        <h2 id="membership-prices-heading" className="text-xl font-bold text-navy-900">
          Membership prices
        </h2>
        <p className="text-muted-foreground">What the membership page asks and a new checkout charges. Checkouts already started keep their price.</p>
      </div>
      <input type="hidden" name="intent" value="prices" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.annualPrice} label="Annual membership (US$ a year)" inputMode="decimal" hint="Also the price of a renewal." />
        <FormField field={fields.lifePrice} label="Life membership (US$, once)" inputMode="decimal" />
      </div>
      <SaveButton busy={busy}>Save prices</SaveButton>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
