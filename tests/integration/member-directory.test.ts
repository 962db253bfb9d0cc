/**
 * The member directory (docs/product.md#member-directory): opt-in, off by default; each member
 * shows only what they share; searching by year never reveals an unshared year; only members
 * with access and staff may read it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema/membership';
import { saveListing, searchDirectory } from '~/features/membership/directory.server';
import { action as directoryAction, loader as directoryLoader } from '~/routes/portal/directory';
import { refusalOf } from '../factories/actors';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { createMembership } from '../factories/membership';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
const none = { name: '', olYear: null, alYear: null };
let viewer: { id: string; role: string };

async function member(firstName: string, details: { olYear?: number; alYear?: number; phone?: string }, share?: { shareEmail: boolean; sharePhone: boolean; shareYears: boolean }) {
  const created = await createMembership(database.db(), { firstName, email: `${firstName.toLowerCase()}@example.org` });
  await database
    .db()
    .update(membershipApplications)
    .set({ olYear: details.olYear ?? null, alYear: details.alYear ?? null, phoneNumber: details.phone ?? null })
    .where(eq(membershipApplications.id, created.application.id));
  if (share) await saveListing(created.account.id, { listed: true, ...share });
  return created;
}

beforeAll(async () => {
  await createSiteSettings(database.db());
  viewer = { id: (await member('Viewer', {})).account.id, role: 'member' };
  await member('Anura', { olYear: 1995, alYear: 1998, phone: '+1 416 555 0101' }, { shareEmail: true, sharePhone: false, shareYears: true });
  await member('Bimal', { olYear: 1995, alYear: 1998, phone: '+1 416 555 0102' }, { shareEmail: false, sharePhone: true, shareYears: false });
  await member('Chathu', { olYear: 2001 }); // not listed
  const lapsed = await member('Dilan', { olYear: 1995 }, { shareEmail: true, sharePhone: true, shareYears: true });
  await database
    .db()
    .update(membershipApplications)
    .set({ expiresAt: new Date(Date.now() - 90 * 86_400_000) })
    .where(eq(membershipApplications.id, lapsed.application.id));
});

describe('the member directory', () => {
  it('lists only members who opted in and still have access, each with what they share', async () => {
    expect(await searchDirectory(viewer, none)).toEqual([
      { name: 'Anura Test', email: 'anura@example.org', phone: null, olYear: 1995, alYear: 1998 },
      { name: 'Bimal Test', email: null, phone: '+1 416 555 0102', olYear: null, alYear: null },
    ]);
  });

  it('searches by name and by year, never revealing an unshared year', async () => {
    expect((await searchDirectory(viewer, { ...none, name: 'bim' })).map((entry) => entry.name)).toEqual(['Bimal Test']);
    // Bimal left O/L 1995 too, but does not share it.
    expect((await searchDirectory(viewer, { ...none, olYear: 1995 })).map((entry) => entry.name)).toEqual(['Anura Test']);
    expect(await searchDirectory(viewer, { ...none, alYear: 2010 })).toEqual([]);
  });

  it('is for members with access and staff only', async () => {
    const { account } = await createSignedInAccount(database.db());
    expect((await refusalOf(() => searchDirectory({ id: account.id, role: 'member' }, none))).code).toBe('forbidden');
    const { account: editor } = await createSignedInAccount(database.db(), { role: 'editor' });
    expect(await searchDirectory({ id: editor.id, role: 'editor' }, none)).toHaveLength(2);
    const { cookie } = await createSignedInAccount(database.db());
    const page = (await directoryLoader(routeArgs('/members-portal/directory', { headers: { cookie } }))) as { init: ResponseInit; data: { allowed: boolean } };
    expect(page.init.status).toBe(403);
    expect(page.data.allowed).toBe(false);
  });

  it('a member lists and unlists themselves from the page; off by default', async () => {
    const { account } = await createMembership(database.db(), { firstName: 'Eshan', email: 'eshan@example.org' });
    const { cookie } = await createSignedInAccount(database.db(), { email: 'eshan.login@example.org' });
    // The directory page of a member without access refuses to list them too: their listing shows nowhere.
    await directoryAction(postArgs('/members-portal/directory', { listed: 'on', shareEmail: 'on' }, { cookie }));
    expect(await searchDirectory(viewer, { ...none, name: 'eshan' })).toEqual([]);
    await saveListing(account.id, { listed: true, shareEmail: false, sharePhone: false, shareYears: false });
    expect(await searchDirectory(viewer, { ...none, name: 'eshan' })).toEqual([{ name: 'Eshan Test', email: null, phone: null, olYear: null, alYear: null }]);
    await saveListing(account.id, { listed: false, shareEmail: false, sharePhone: false, shareYears: false });
    expect(await searchDirectory(viewer, { ...none, name: 'eshan' })).toEqual([]);
  });
});
