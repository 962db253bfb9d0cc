/**
 * The donate page's forms as a page script (ADR 014): written at the end of a form
 * (DonateFormScript), it checks that form with the schema the server parses its post with, shows
 * the refusal's toast as the server would, and posts `js=1` so the answer keeps the gift's id in
 * local storage before the checkout (CheckoutRedirectScript), as React does.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { missingInformation, oneTimeDonationSchema, subscriptionDonationSchema } from '~/features/donations/donations.schema';
import { enhanceSchemaForm } from '~/islands/schema-form';
import { showToast } from '~/islands/toast';
import { refusalToast } from '~/lib/forms';

/** Each form's id (its `useSchemaForm` id) and its schema. */
const schemas: Record<string, z.ZodType> = {
  'one-time-donation': oneTimeDonationSchema,
  'iptv-subscription': subscriptionDonationSchema,
};

const form = document.currentScript?.closest('form');
const schema = form ? schemas[form.id] : undefined;
if (form && schema) {
  const js = document.createElement('input');
  js.type = 'hidden';
  js.name = 'js';
  js.value = '1';
  form.prepend(js);
  enhanceSchemaForm(
    form,
    (formData) => {
      const submission = parseWithZod(formData, { schema });
      return submission.status === 'error' ? submission.error : null;
    },
    { onRefused: (errors) => showToast(document, refusalToast(errors, missingInformation)) },
  );
}
