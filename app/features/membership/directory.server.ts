import { and, desc, eq, inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { directoryListings, membershipApplications } from '~/db/schema/membership';
import { AppError } from '~/lib/errors';
import type { DirectoryListingInput } from './directory.schema';
import { memberAccess, membershipGraceDays } from './membership.server';
import { membershipStanding } from './status';

/**
 * The member directory (docs/product.md#member-directory): members with access (active, or in
 * their grace period) who chose to be listed, each showing their name and only what they chose to
 * share. Only members with access, and staff, may read it.
 */
export type DirectoryEntry = { name: string; email: string | null; phone: string | null; olYear: number | null; alYear: number | null };

export async function getListing(userId: string) {
  const [listing] = await db().select().from(directoryListings).where(eq(directoryListings.userId, userId)).limit(1);
  return listing ?? null;
}

export async function saveListing(userId: string, input: DirectoryListingInput): Promise<void> {
  if (!input.listed) {
    await db().delete(directoryListings).where(eq(directoryListings.userId, userId));
    return;
  }
  const values = { shareEmail: input.shareEmail, sharePhone: input.sharePhone, shareYears: input.shareYears, updatedAt: new Date() };
  await db()
    .insert(directoryListings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: directoryListings.userId, set: values });
}

/** The listed members matching the search, by name; refused to viewers without access. */
export async function searchDirectory(
  viewer: { id: string; role?: string | null },
  search: { name: string; olYear: number | null; alYear: number | null },
  now = new Date(),
  request?: Request,
): Promise<DirectoryEntry[]> {
  if (!(await memberAccess(viewer, now, request)).readsMembersDocuments) throw new AppError('forbidden', 'The member directory is for members of the association.');
  const listings = await db().select().from(directoryListings);
  if (listings.length === 0) return [];
  const applications = await db()
    .select()
    .from(membershipApplications)
    .where(
      and(
        inArray(
          membershipApplications.userId,
          listings.map((listing) => listing.userId),
        ),
        eq(membershipApplications.status, 'approved'),
      ),
    )
    .orderBy(desc(membershipApplications.createdAt));
  const graceDays = await membershipGraceDays();
  const name = search.name.toLowerCase();
  const entries: DirectoryEntry[] = [];
  for (const listing of listings) {
    const application = applications.find((candidate) => candidate.userId === listing.userId);
    if (!application || !['active', 'grace'].includes(membershipStanding(application, now, graceDays))) continue;
    const fullName = `${application.firstName} ${application.lastName}`;
    if (name && !fullName.toLowerCase().includes(name)) continue;
    // Years search only those who share their years: an unshared year is never revealed by a match.
    if (search.olYear !== null && !(listing.shareYears && application.olYear === search.olYear)) continue;
    if (search.alYear !== null && !(listing.shareYears && application.alYear === search.alYear)) continue;
    entries.push({
      name: fullName,
      email: listing.shareEmail ? application.email : null,
      phone: listing.sharePhone ? application.phoneNumber : null,
      olYear: listing.shareYears ? application.olYear : null,
      alYear: listing.shareYears ? application.alYear : null,
    });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}
