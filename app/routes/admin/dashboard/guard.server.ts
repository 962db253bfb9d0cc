import { redirect } from 'react-router';
import { requireAdminArea } from '~/features/accounts/guards.server';
import type { RequestScope } from '~/features/accounts/session.server';
import { adminSections, adminHome, type AdminSection } from './sections';

/**
 * A dashboard section's own guard (each section's loader calls it; docs/architecture.md#permissions):
 * the admin area, and the ability the section needs. Anyone else goes to the first section they
 * may open (/admin sends them on). Actions check the ability in the feature function instead, so a
 * refused post says why on the page.
 */
export async function requireAdminSection(scope: RequestScope, slug: AdminSection) {
  const { user, can } = await requireAdminArea(scope);
  const section = adminSections.find((candidate) => candidate.slug === slug)!;
  if (!can[section.ability]) throw redirect(adminHome(can));
  return { user, can };
}
