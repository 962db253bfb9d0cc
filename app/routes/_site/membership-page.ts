/**
 * The membership page's application as a page script (ADR 014): written at the end of the
 * application's box (MembershipFormScript), it checks the account step and the application with
 * the parts of the schema the server parses their posts with, brings the box into view once the
 * page shows it (docs/product.md#membership), hides the automatic renewal for the life plan,
 * toasts the application's failure, and posts `js=1` so the answer keeps the application's id in
 * local storage before the checkout (CheckoutRedirectScript), as React does.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { applicantAccountSchema, membershipApplicationSchema } from '~/features/membership/membership.schema';
import { enhanceSchemaForm } from '~/islands/schema-form';
import { showToast } from '~/islands/toast';
import { messages } from '~/lib/messages';
import { enhanceApplication } from './membership-application';

/** Each form's id (its `useSchemaForm` id) and its schema. */
const schemas: Record<string, z.ZodType> = {
  'applicant-account': applicantAccountSchema,
  'membership-application': membershipApplicationSchema({ signedIn: true }),
};

const box = document.currentScript?.parentElement;
const failed = (description: string) => showToast(document, { ...messages.applicationFailed, description });
for (const form of box?.querySelectorAll('form') ?? []) {
  const schema = schemas[form.id];
  if (!schema) continue;
  const isApplication = form.id === 'membership-application';
  if (isApplication) enhanceApplication(form, document, failed);
  enhanceSchemaForm(
    form,
    (formData) => {
      const submission = parseWithZod(formData, { schema });
      return submission.status === 'error' ? submission.error : null;
    },
    { onRefused: (errors) => (isApplication && errors['']?.[0] ? failed(errors[''][0]) : undefined) },
  );
}
// Apply Now shows the box; it comes into view 100 ms after the page has loaded (with React, after
// React has started): moving the page before its first paint would hold the paint back.
if (box) window.addEventListener('load', () => window.setTimeout(() => box.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100), { once: true });
