/**
 * The admin tables at a large chapter's size (docs/product.md#admin-dashboard,
 * docs/architecture/data.md#admin-search): the pager's count stops past COUNT_CAP ("more than 1,000"),
 * Next still leads on while rows remain, and the search, answered by a trigram index, finds exactly
 * what the conditions on the name and email accept.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listDonations } from '~/features/donations/donations.server';
import { ADMIN_PAGE_SIZE, COUNT_CAP } from '~/lib/admin-lists.server';
import { setupTestDatabase } from '../setup/database';

const database = setupTestDatabase();
const GIFTS = COUNT_CAP + 60;

beforeAll(async () => {
  await database.db().execute(sql`
    insert into donations (first_name, last_name, email, amount_cents, cause, donation_type, status, created_at)
    select 'Donor' || n, (array['Perera','Fernando'])[1 + n % 2], 'person' || n || '@example.org', 2500, 'general', 'one-time', 'completed',
      now() - n * interval '1 minute'
    from generate_series(1, ${GIFTS}) as n`);
});

describe('a list longer than the count goes', () => {
  it('says "more than" the cap and offers Next while rows remain', async () => {
    const first = await listDonations({});
    expect(first).toMatchObject({ total: COUNT_CAP, moreThanTotal: true, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.rows[0]!.email).toBe('person1@example.org');

    const lastPage = Math.ceil(GIFTS / ADMIN_PAGE_SIZE);
    const last = await listDonations({ page: lastPage });
    expect(last).toMatchObject({ moreThanTotal: true, page: lastPage, pageCount: lastPage });
    expect(last.rows).toHaveLength(GIFTS - (lastPage - 1) * ADMIN_PAGE_SIZE);
    expect(last.rows.at(-1)!.email).toBe(`person${GIFTS}@example.org`);

    expect(await listDonations({ all: true })).toMatchObject({ moreThanTotal: true });
    expect((await listDonations({ all: true })).rows).toHaveLength(GIFTS);
  });

  it('counts exactly up to the cap', async () => {
    const perera = await listDonations({ search: 'perera' });
    expect(perera).toMatchObject({ total: GIFTS / 2, moreThanTotal: false, pageCount: Math.ceil(GIFTS / 2 / ADMIN_PAGE_SIZE) });
    expect(perera.rows.every((row) => row.lastName === 'Perera')).toBe(true);
  });
});

describe('the search', () => {
  it('finds text in the first name, last name, "first last" or email, and nothing across the name and the email', async () => {
    expect((await listDonations({ search: 'person1042@' })).rows.map((row) => row.email)).toEqual(['person1042@example.org']);
    expect((await listDonations({ search: 'Donor1042 Perera' })).rows.map((row) => row.email)).toEqual(['person1042@example.org']);
    expect((await listDonations({ search: 'DONOR1042' })).total).toBe(1);
    // "Perera person1042@" is in "first last email" but in none of the fields the search reads.
    expect((await listDonations({ search: 'Perera person1042@' })).total).toBe(0);
    // The separator the index reads between them is taken out of a search, so it joins nothing either.
    expect((await listDonations({ search: 'Perera\u0001person1042@' })).total).toBe(0);
    expect((await listDonations({ search: '1_4' })).total).toBe(0);
  });
});
