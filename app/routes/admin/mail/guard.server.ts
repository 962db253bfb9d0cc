import { redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';

/** Mail to members (docs/product.md#mail-to-members) is for admins; finance and editors go back to the admin area. */
export async function requireMailer(request: Request) {
  const { user, can } = await requireAdminArea(request);
  if (!can.mailMembers) throw redirect('/admin');
  return user;
}
