import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { RICH_TEXT_MAX, richText } from './fields';
import { MAX_FIELD_CHARACTERS, MAX_FORM_FIELDS, postedIntent, readFormData } from './forms.server';

const handlers = { details: 1, 'change-email': 2 };
const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};

describe('postedIntent: which of a page’s forms sent the post', () => {
  it('is the posted intent when the page answers it', () => {
    expect(postedIntent(form({ intent: 'change-email', newEmail: 'a@example.org' }), handlers)).toBe('change-email');
  });

  it('refuses, as a request the page never sends, an unknown intent, none, or one the page object only inherits', () => {
    const refused: Record<string, string>[] = [{ intent: 'simulate-renewal' }, { intent: '' }, {}, { intent: 'toString' }, { intent: '__proto__' }];
    for (const fields of refused) {
      expect(() => postedIntent(form(fields), handlers)).toThrow(new AppError('bad_request', 'Unknown request.'));
    }
  });
});

const post = (body: string) => new Request('http://localhost/donate', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** What readFormData threw: React Router's `data(…)` answer. */
async function refusal(request: Request) {
  const thrown = await readFormData(request).then(
    () => null,
    (error: unknown) => error,
  );
  return thrown as { init?: { status?: number }; data?: unknown } | null;
}

describe('readFormData refuses what no form of ours sends', () => {
  it('reads a form of up to MAX_FORM_FIELDS fields', async () => {
    const form = await readFormData(post(Array.from({ length: MAX_FORM_FIELDS }, (_, n) => `a=${n}`).join('&')));
    expect(form.getAll('a')).toHaveLength(MAX_FORM_FIELDS);
  });

  it('answers 413 to a 1 MB post of one name repeated 260,000 times, before Conform reads it (Conform would take minutes over it)', async () => {
    const thrown = await refusal(post('a=1&'.repeat(260_000)));
    expect(thrown?.init?.status).toBe(413);
    expect(String(thrown?.data)).toMatch(/more fields/);
  });

  it('answers 400 to a NUL in a field', async () => {
    expect((await refusal(post('a=%00')))?.init?.status).toBe(400);
  });

  it('counts the fields of a multipart form in its body too', async () => {
    const many = new FormData();
    for (let n = 0; n <= MAX_FORM_FIELDS; n += 1) many.append('a', String(n));
    const request = (form: FormData) => new Request('http://localhost/donate', { method: 'POST', body: form });
    expect((await refusal(request(many)))?.init?.status).toBe(413);
    many.delete('a');
    many.append('file', new Blob(['x'.repeat(2000)]), 'a.csv');
    many.append('note', 'kept');
    expect((await readFormData(request(many))).get('note')).toBe('kept');
  });

  it('answers 413 to a field longer than any form takes (a page would echo it back), and reads one of that length', async () => {
    const longest = 'é'.repeat(MAX_FIELD_CHARACTERS);
    expect((await readFormData(post(new URLSearchParams({ content: longest }).toString()))).get('content')).toBe(longest);
    const thrown = await refusal(post(new URLSearchParams({ firstName: `${longest}x`, amount: '50' }).toString()));
    expect(thrown?.init?.status).toBe(413);
    expect(String(thrown?.data)).toMatch(/longer than any form/);
  });

  it('reads a story a little longer than rich text takes, so that its schema says so at its field', async () => {
    const tooLong = 'a'.repeat(RICH_TEXT_MAX + 1);
    const form = await readFormData(post(new URLSearchParams({ content: tooLong }).toString()));
    expect(richText('The story').safeParse(form.get('content')).error?.issues[0]?.message).toBe('The story is too long.');
  });

  it('answers 400 to a body that is no form, and reads an empty form', async () => {
    expect((await refusal(new Request('http://localhost/donate', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })))?.init?.status).toBe(400);
    expect([...(await readFormData(post(''))).keys()]).toEqual([]);
  });
});
