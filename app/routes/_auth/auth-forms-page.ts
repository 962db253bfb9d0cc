/**
 * The sign-in pages' forms as a page script (ADR 014): written at the end of a form
 * (auth-form-script.tsx), it checks that form with the schema the server parses its post with.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { emailOnlySchema, loginSchema, signUpSchema, updatePasswordSchema } from '~/features/accounts/accounts.schema';
import { enhanceSchemaForm } from '~/islands/schema-form';

/** Each form's id (its `useSchemaForm` id) and its schema. */
const schemas: Record<string, z.ZodType> = {
  login: loginSchema,
  signup: signUpSchema,
  'forgot-password': emailOnlySchema,
  'update-password': updatePasswordSchema,
};

const form = document.currentScript?.closest('form');
const schema = form ? schemas[form.id] : undefined;
if (form && schema) {
  enhanceSchemaForm(form, (formData) => {
    const submission = parseWithZod(formData, { schema });
    return submission.status === 'error' ? submission.error : null;
  });
}
