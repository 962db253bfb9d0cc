import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { membershipApplications } from '~/db/schema/membership';
import type { Contact } from '~/features/mail/templates';
import { membershipGraceDays } from './membership.server';

const DAY = 86_400_000;

/** Whom a message to members may go to, from the membership's side (docs/product.md#mail-to-members). */
export type MemberAudience = 'members' | 'expiring' | 'expired';

/** Days before expiry that make a member "expiring". */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * The people of an audience, as their applications name them: `members`, every approved membership
 * with access (active, or expired within the grace period); `expiring`, annual memberships that
 * end within 30 days; `expired`, those that have ended (in grace or past it). Deleted accounts'
 * anonymised applications are left out.
 */
export async function memberAudience(audience: MemberAudience, now = new Date()): Promise<Contact[]> {
  const m = membershipApplications;
  const lastsBeyond = (moment: Date) => or(isNull(m.expiresAt), gt(m.expiresAt, moment));
  const which = {
    members: lastsBeyond(new Date(now.getTime() - (await membershipGraceDays()) * DAY)),
    expiring: and(isNotNull(m.expiresAt), gt(m.expiresAt, now), lte(m.expiresAt, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY))),
    expired: and(isNotNull(m.expiresAt), lte(m.expiresAt, now)),
  }[audience];
  return db()
    .select({ email: m.email, name: sql<string>`${m.firstName} || ' ' || ${m.lastName}` })
    .from(m)
    .where(and(eq(m.status, 'approved'), isNotNull(m.userId), which));
}
