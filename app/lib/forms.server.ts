import { data } from 'react-router';

/**
 * The posted form, or a 400 answer when the body is not a form at all, or holds a NUL character
 * in any field (PostgreSQL cannot store one; no form of ours sends one): never a 500 from input.
 * The schemas refuse other control characters field by field, with a message.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data('The form could not be read. Please try again.', { status: 400 });
  }
  for (const [name, value] of formData) {
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
      throw data('The form contains characters that are not allowed. Please check what you entered.', { status: 400 });
    }
  }
  return formData;
}
