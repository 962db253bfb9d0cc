import { data } from 'react-router';

/** The posted form, or a 400 answer when the body is not a form at all (never a 500 from input). */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data('The form could not be read. Please try again.', { status: 400 });
  }
}
