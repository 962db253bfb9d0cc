import { getSessionUser, type RequestScope } from '~/features/accounts/session.server';
import type { TicketViewer } from '~/features/events/tickets';
import { memberAccess } from '~/features/membership/membership.server';

/**
 * Whether members-only tiers are open to the visitor (the event page's ticket card, the order
 * page's waitlist links): an anonymous visitor (the page cache's copy) is a guest; a signed-in one,
 * whose page is rendered for them, is a member when their membership opens members' documents, as
 * the order's own check says (docs/product.md#ticket-card). Without members-only tiers, nobody is asked.
 */
export async function ticketViewer(scope: Pick<RequestScope, 'request' | 'context'>, tiers: readonly { membersOnly: boolean }[]): Promise<TicketViewer> {
  if (!tiers.some((tier) => tier.membersOnly)) return 'guest';
  const user = await getSessionUser(scope);
  if (!user) return 'guest';
  return (await memberAccess(user)).readsMembersDocuments ? 'member' : 'non-member';
}
