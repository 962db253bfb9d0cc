import { redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { RequestScope } from '~/features/accounts/session.server';

/** Mail to members (docs/product.md#mail-to-members) is for admins; finance and editors go back to the admin area. */
export async function requireMailer(scope: RequestScope) {
  const { user, can } = await requireAdminArea(scope);
  if (!can.mailMembers) throw redirect('/admin');
  return user;
}
