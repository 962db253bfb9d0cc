/**
 * The member import page's posts (docs/product.md#member-import): bad input gets a message under
 * its field and writes nothing, never a 500; a mapping changed after the preview is previewed
 * again, not imported; only admins get in; the report downloads as CSV.
 */
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/db/schema/auth';
import { memberImports } from '~/db/schema/membership';
import { IMPORT_MAX_BYTES } from '~/features/membership/import-rules';
import { action, loader } from '~/routes/admin/member-import';
import { loader as reportLoader } from '~/routes/admin/member-import-report';
import { createSignedInAccount } from '../factories/accounts';
import { createSiteSettings } from '../factories/content';
import { setupTestDatabase } from '../setup/database';
import { postArgs, routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
let cookie = '';
beforeAll(async () => {
  await createSiteSettings(database.db());
  cookie = (await createSignedInAccount(database.db(), { email: 'registrar@example.org', role: 'admin' })).cookie;
});

type Reply = {
  data: { stage: string; result?: { error?: Record<string, string[] | null> | null }; counts?: unknown; notice?: string | null; interpretation?: { key: string } };
  init: ResponseInit | null;
};

async function post(form: FormData, as = cookie) {
  try {
    const reply = (await action(postArgs('/admin/members/import', form, { cookie: as }))) as Reply | Response;
    if (reply instanceof Response) return { status: reply.status, location: reply.headers.get('Location'), data: null };
    return { status: reply.init?.status ?? 200, location: null, data: reply.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location'), data: null };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init?.status) return { status: init.status, location: null, data: null };
    throw thrown;
  }
}

const fileForm = (file: File | null, pasted = '') => {
  const form = new FormData();
  form.set('intent', 'upload');
  if (file) form.set('file', file);
  form.set('pasted', pasted);
  return form;
};
const csv = 'Name,Email,Plan,Expires on\nNimal Perera,nimal@example.org,annual,2027-03-31\nAsha Silva,asha@example.org,life,\n';
const written = async () => [(await database.db().select({ n: count() }).from(users))[0]!.n, (await database.db().select({ n: count() }).from(memberImports))[0]!.n];

describe('the member import page', () => {
  it('gives each bad file a message under its field and writes nothing', async () => {
    const before = await written();
    const cases: [FormData, string, string][] = [
      [fileForm(null), 'file', 'Choose a CSV file, or paste the rows in the box below.'],
      [fileForm(new File(['%PDF-1.7'], 'members.pdf', { type: 'application/pdf' })), 'file', 'This is not a CSV file'],
      [fileForm(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14])], 'members.csv', { type: 'text/csv' })), 'file', 'This is not a CSV file'],
      [fileForm(new File(['x'.repeat(IMPORT_MAX_BYTES + 1)], 'members.csv', { type: 'text/csv' })), 'file', 'larger than 5 MB'],
      [fileForm(new File(['Name,Email,Plan\n'], 'members.csv', { type: 'text/csv' })), 'file', 'no members'],
      [fileForm(null, 'Name,Email,Plan'), 'pasted', 'no members'],
    ];
    for (const [form, field, message] of cases) {
      const reply = await post(form);
      expect(reply.status).toBe(400);
      expect(reply.data?.result?.error?.[field]?.[0]).toContain(message);
    }
    expect(await written()).toEqual(before);
  });

  it('previews, previews again when the columns changed, and imports the previewed mapping', async () => {
    const preview = await post(fileForm(new File([csv], 'members.csv', { type: 'text/csv' })));
    expect(preview).toMatchObject({ status: 200, data: { stage: 'map', counts: { create: 2, update: 0, skip: 0 } } });

    const confirm = (previewed: string, columns: Record<string, string>) => {
      const form = new FormData();
      form.set('intent', 'commit');
      form.set('csv', csv);
      form.set('fileName', 'members.csv');
      form.set('previewed', previewed);
      for (const [field, index] of Object.entries(columns)) form.set(`column.${field}`, index);
      return form;
    };
    const previewed = preview.data!.interpretation!.key;
    const changed = await post(confirm(previewed, { name: '0', email: '1', plan: '2', expiresOn: '3', notes: '0' }));
    expect(changed.data?.notice).toBe('The columns or choices changed since the preview: check it again, then confirm.');
    expect((await written())[1]).toBe(0);

    const done = await post(confirm(previewed, { name: '0', email: '1', plan: '2', expiresOn: '3' }));
    expect(done.status).toBe(302);
    const id = /done=([0-9a-f-]{36})/.exec(done.location ?? '')![1]!;
    expect(await loader(routeArgs(`/admin/members/import?done=${id}`, { headers: { cookie } }))).toMatchObject({ done: { created: 2, skipped: 0 } });
    const report = (await reportLoader(routeArgs(`/admin/members/import/${id}/skipped.csv`, { headers: { cookie } }, { id }))) as Response;
    expect(report.headers.get('Content-Type')).toContain('text/csv');
    expect(await report.text()).toBe('Row,Email,Problems\r\n');
  });

  it('answers a tampered post with 400 and keeps members out', async () => {
    const form = new FormData();
    form.set('intent', 'commit');
    form.set('column.email', 'abc');
    expect((await post(form)).status).toBe(400);
    const other = new FormData();
    other.set('intent', 'delete-everything');
    expect((await post(other)).status).toBe(400);
    // Choices the page never offers: a plan word's meaning, a list that is no list, a date order.
    for (const [name, value] of [
      ['plans[0].choice', 'gold'],
      ['methods', 'cash'],
      ['dateOrder', 'ydm'],
      ['plans[0].word', 'x'.repeat(1000)],
    ]) {
      const form = new FormData();
      form.set('intent', 'preview');
      form.set('csv', csv);
      form.set(name!, value!);
      expect((await post(form)).status).toBe(400);
    }

    const member = await createSignedInAccount(database.db(), { email: 'member@example.org' });
    expect((await post(fileForm(new File([csv], 'members.csv', { type: 'text/csv' })), member.cookie)).status).toBeGreaterThanOrEqual(300);
  });
});
