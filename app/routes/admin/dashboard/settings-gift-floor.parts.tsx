import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { recurringGiftFloorSchema } from '~/features/content/prices.schema';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/**
 * The smallest monthly or yearly gift (docs/product.md#causes-and-amounts), under the membership
 * prices: the donate page refuses a recurring gift below it. Gifts already running keep their amount.
 */
export function RecurringGiftFloorForm({ defaults, lastResult }: { defaults: z.input<typeof recurringGiftFloorSchema>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(recurringGiftFloorSchema, { id: 'recurring-gift-floor', lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'gift-floor' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-10 grid max-w-3xl gap-4 border-t border-border pt-8" aria-labelledby="gift-floor-heading">
      <div>
        <h2 id="gift-floor-heading" className="text-xl font-bold text-navy-900">
          Monthly and yearly gifts
        </h2>
        <p className="text-muted-foreground">Donors choose how much they give every month or year, to any cause, from this amount up. Gifts already running keep theirs.</p>
      </div>
      <input type="hidden" name="intent" value="gift-floor" />
      <FormField field={fields.recurringGiftFloor} label="Smallest monthly or yearly gift (US$)" inputMode="decimal" className="sm:max-w-xs" />
      <SaveButton busy={busy}>Save the smallest gift</SaveButton>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
