import { describe, expect, it } from 'vitest';
import { MAX_FORM_FIELDS, readFormData } from './forms.server';

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

  it('answers 413 to a 1 MB post of one name repeated 260,000 times, at once (Conform would take minutes over it)', async () => {
    const started = performance.now();
    const thrown = await refusal(post('a=1&'.repeat(260_000)));
    expect(thrown?.init?.status).toBe(413);
    expect(String(thrown?.data)).toMatch(/more fields/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers 400 to a NUL in a field', async () => {
    expect((await refusal(post('a=%00')))?.init?.status).toBe(400);
  });
});
