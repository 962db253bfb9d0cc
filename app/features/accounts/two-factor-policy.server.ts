import { findSiteSettings } from '~/features/content/settings-row.server';
import { coveredByStaffRequirement } from '~/lib/roles';

/**
 * Who must use two-step sign-in (docs/product.md#security): a super admin may require it of
 * admins, super admins and finance (not editors; `coveredByStaffRequirement` in lib/roles.ts).
 * Apart from two-factor.server.ts so that better-auth's configuration (auth.server.ts) and the
 * session (session.server.ts) can ask it too.
 */

/** Whether a super admin requires two-step sign-in of admins and finance (site settings). */
export async function staffTwoFactorRequired(): Promise<boolean> {
  return (await findSiteSettings())?.staffTwoFactorRequired ?? false;
}

/** Whether two-step sign-in is required of this role now: it may then not be turned off. */
export async function twoFactorRequiredFor(role: string | null | undefined): Promise<boolean> {
  return coveredByStaffRequirement(role) && (await staffTwoFactorRequired());
}

/** Whether this user must set up two-step sign-in before opening the admin area. */
export async function mustSetUpTwoFactor(user: { role?: string | null; twoFactorEnabled?: boolean | null }): Promise<boolean> {
  return !user.twoFactorEnabled && (await twoFactorRequiredFor(user.role));
}
