import { requireAdminAbility } from '~/features/accounts/guards.server';
import type { RequestScope } from '~/features/accounts/session.server';
import { adminSections, type AdminSection } from './sections.parts';

/**
 * A dashboard section's own guard (each section's loader calls it; docs/architecture/accounts.md#permissions):
 * the admin area, and the ability the section needs. Anyone else in the area gets the refusal page
 * (docs/product.md#admin-navigation). Actions check the ability in the feature function instead, so a
 * refused post says why on the page.
 */
export async function requireAdminSection(scope: RequestScope, slug: AdminSection) {
  const section = adminSections.find((candidate) => candidate.slug === slug)!;
  return requireAdminAbility(scope, section.ability);
}
