import { requireAdminAbility } from '~/features/accounts/guards.server';
import type { RequestScope } from '~/features/accounts/session.server';

/** Mail to members (docs/product.md#mail-to-members) is for admins; finance and editors get the refusal page. */
export async function requireMailer(scope: RequestScope) {
  const { user } = await requireAdminAbility(scope, 'mailMembers');
  return user;
}
