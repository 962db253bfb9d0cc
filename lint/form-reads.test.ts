/**
 * Routes read a posted form through its schema (docs/architecture/forms.md#one-schema-per-route), checked through the
 * project's real ESLint configuration, on deliberate breaches and on every route of the app.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleErrors(linter: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'forms/no-field-reads').map((message) => message.message);
}

/** The form rule's messages for `code` as if it were the file `filePath` (other rules' findings are ignored). */
const formErrors = (filePath: string, code: string) => ruleErrors(eslint, filePath, code);

const imports = "import { parseWithZod } from '@conform-to/zod/v4';\nimport { z } from 'zod';\nimport { readFormData } from '~/lib/forms.server';\n";
const schema = "const schema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('save'), name: z.string() }), z.object({ intent: z.literal('delete'), id: z.string() })]);\n";
const action = (body: string) => `${imports}${schema}export async function action({ request }: { request: Request }) {\n${body}\n}\n`;

describe('forms/no-field-reads', () => {
  it.each([
    ['formData.get after readFormData', "const formData = await readFormData(request);\nreturn String(formData.get('intent') ?? '');", ["formData.get('intent')"]],
    ['a variable of another name from request.formData()', "const form = await request.formData();\nreturn form.get('code');", ["form.get('code')"]],
    ['getAll and has', "const data = await readFormData(request);\nreturn [data.getAll('tags'), data.has('js')];", ["data.getAll('tags')", "data.has('js')"]],
    ['a read straight off the call', "return (await readFormData(request)).get('intent');", ["(await readFormData(request)).get('intent')"]],
    ['a variable assigned later', "let posted;\nposted = await request.formData();\nreturn posted.get('id');", ["posted.get('id')"]],
    [
      'a read that picks the schema before the parse',
      "const formData = await readFormData(request);\nconst chosen = formData.get('kind') === 'x' ? schema : schema;\nreturn parseWithZod(formData, { schema: chosen });",
      ["formData.get('kind')"],
    ],
  ])('refuses %s in a route', async (_name, body, reads) => {
    const errors = await formErrors('app/routes/_site/breach.tsx', action(body));
    expect(errors).toHaveLength(reads.length);
    reads.forEach((read, index) => {
      expect(errors[index]).toContain(`${read} reads the posted form outside its schema`);
      expect(errors[index]).toContain('See docs/architecture/forms.md#one-schema-per-route');
    });
  });

  it('refuses a helper of the routes that takes the form as a parameter', async () => {
    const code =
      "export function confirmed(formData: FormData) {\n  return formData.get('confirmed') === 'yes';\n}\nexport function asked(posted: FormData | null) {\n  return posted?.get('id');\n}\n";
    expect(await formErrors('app/routes/admin/breach.server.ts', code)).toHaveLength(2);
  });

  it.each([
    ['the schema parse with parseWithZod', "const submission = parseWithZod(await readFormData(request), { schema });\nreturn submission.status === 'success' ? submission.value.intent : null;"],
    ['safeParse of the whole form', 'const formData = await readFormData(request);\nconst parsed = schema.safeParse(Object.fromEntries(formData));\nreturn parsed.success ? parsed.data : null;'],
    ['a read inside the arguments of parseWithZod', "const formData = await readFormData(request);\nreturn parseWithZod(formData, { schema: formData.get('kind') === 'x' ? schema : schema });"],
    ['a field parsed by its own schema', "return z.instanceof(File).safeParse((await readFormData(request)).get('file'));"],
    [
      'other things with a get',
      "const url = new URL(request.url);\nconst cache = new Map<string, number>();\nreturn [url.searchParams.get('q'), request.headers.get('cookie'), cache.get('a'), cache.has('b')];",
    ],
  ])('allows %s', async (_name, body) => {
    expect(await formErrors('app/routes/_site/ok.tsx', action(body))).toEqual([]);
  });

  it('leaves features alone: the rule is about routes', async () => {
    expect(await formErrors('app/features/events/ok.server.ts', action("const formData = await readFormData(request);\nreturn formData.get('intent');"))).toEqual([]);
  });

  it('holds for every route of the app as it is: no route reads a field by itself', async () => {
    const results = await eslint.lintFiles(['app/routes']);
    expect(results.flatMap((file) => file.messages.filter((message) => message.ruleId === 'forms/no-field-reads'))).toEqual([]);
  });
});
