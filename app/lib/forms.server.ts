import type { SubmissionResult } from '@conform-to/react';
import { data } from 'react-router';
import { z } from 'zod';
import { AppError } from './errors';
import { RICH_TEXT_MAX } from './fields';

/**
 * The most fields a post may carry. Our largest form is an order of 20 seats with their questions
 * (or the member import's mapping, ~170 fields). Conform gathers a name posted again and again by
 * copying its list each time: one 1 MB post of `a=1&a=1&…` (260,000 fields) held the server's one
 * thread for over ten minutes (docs/architecture/forms.md#bad-input).
 */
export const MAX_FORM_FIELDS = 1000;

/**
 * A field longer than this is no form's: refused before any schema reads it, or its page would
 * echo it back. Twice the longest a form takes (rich text, lib/fields.ts), so that a story pasted a
 * little too long is told so at its field by its schema, not by this.
 */
export const MAX_FIELD_CHARACTERS = 2 * RICH_TEXT_MAX;

/**
 * The posted form, or a 400 answer when the body is not a form at all, or holds a NUL character
 * in any field (PostgreSQL cannot store one; no form of ours sends one): never a 500 from input.
 * More than MAX_FORM_FIELDS fields, or a field of more than MAX_FIELD_CHARACTERS, is a 413
 * (docs/architecture/forms.md#bad-input). The fields are counted in the body as sent, before it
 * is read into a form: 260,000 fields held tens of megabytes for a moment, and a field of 1 MB,
 * answered with its form again, was a page of megabytes. The schemas refuse other control
 * characters field by field, with a message.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  let formData: FormData;
  try {
    const body = Buffer.from(await request.arrayBuffer());
    if (fieldsIn(body, type) > MAX_FORM_FIELDS) throw tooMany();
    formData = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch (error) {
    if (isTooMany(error)) throw error;
    throw data('The form could not be read. Please try again.', { status: 400 });
  }
  for (const [name, value] of formData) {
    if (typeof value === 'string' && value.length > MAX_FIELD_CHARACTERS) {
      throw data('A field of the form is longer than any form of this site takes. Please shorten it and try again.', { status: 413 });
    }
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
      throw data('The form contains characters that are not allowed. Please check what you entered.', { status: 400 });
    }
  }
  return formData;
}

const tooMany = () => data('The form has more fields than any form of this site sends. Please reload the page and try again.', { status: 413 });
const isTooMany = (error: unknown) => typeof error === 'object' && error !== null && (error as { init?: { status?: number } }).init?.status === 413;

/**
 * How many fields a form body holds, at most, counted in its bytes: the separators of a URL-encoded
 * form, the boundaries of a multipart one. Anything else is not a form (0: the reader says so).
 */
function fieldsIn(body: Buffer, contentType: string): number {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return body.length === 0 ? 0 : occurrences(body, Buffer.from('&')) + 1;
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type === 'multipart/form-data' && boundary) return Math.max(0, occurrences(body, Buffer.from(`--${boundary}`)) - 1);
  return 0;
}

function occurrences(body: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/**
 * A post of buttons and hidden fields (a status change, a role, a receipt to send again) parsed with
 * its route's schema (docs/architecture/forms.md#one-schema-per-route): the value, or AppError('bad_request') with the
 * schema's message — a post the page never sends, which the route answers with its failure toast.
 * Forms people type into use Conform's `parseWithZod` instead, so each field gets its message back.
 */
export function parseIntent<Schema extends z.ZodType>(formData: FormData, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(Object.fromEntries(formData));
  if (!result.success) throw new AppError('bad_request', result.error.issues[0]?.message ?? 'Unknown request.');
  return result.data;
}

/**
 * Which of a page's forms sent the post, when each form's answer lives in its own module
 * (docs/architecture/forms.md#a-page-of-separate-forms): the posted `intent` if `handlers` has
 * it, else AppError('bad_request') — a post the page never sends.
 */
export function postedIntent<Name extends string>(formData: FormData, handlers: Readonly<Record<Name, unknown>>): Name {
  const names = Object.keys(handlers) as [Name, ...Name[]];
  return parseIntent(formData, z.object({ intent: z.enum(names, { error: 'Unknown request.' }) })).intent;
}

/**
 * Which of the page's forms a post its schema refused came from, so the messages, and what was
 * typed, go back to that form (docs/architecture/forms.md#one-schema-per-route): the `intent` it was sent with
 * (undefined when it sent none: the form the schema's intent defaults to), or null when the schema
 * refused the intent itself, a post the page never sends; and the text of the field that names the
 * record the form edits (`id` unless told). Both come from the submission's payload: the form as
 * the schema parse read it.
 */
export function refusedPost(submission: { payload: Record<string, unknown>; error?: Record<string, unknown> | null }, idField = 'id') {
  const id = submission.payload[idField];
  return { intent: refusedIntent(submission), id: typeof id === 'string' ? id : undefined };
}

function refusedIntent(submission: { payload: Record<string, unknown>; error?: Record<string, unknown> | null }): string | null | undefined {
  if (submission.error?.intent) return null;
  const { intent } = submission.payload;
  if (intent === undefined || intent === '') return undefined;
  return typeof intent === 'string' ? intent : null;
}

/**
 * A refused post's reply whose list field `name` holds `length` texts, whatever was posted. The page
 * renders one input per entry (Conform's `getFieldList`), which throws on a value that is not a list
 * (a plain `attendees=…` or `attendees.x=…`, which the page never sends: a 500 otherwise) and would
 * show too few inputs for a short list. Texts posted at their place are kept.
 */
export function withTextList(result: SubmissionResult<string[]>, name: string, length: number): SubmissionResult<string[]> {
  const posted = result.initialValue?.[name];
  const entries: unknown[] = Array.isArray(posted) ? posted : [];
  const list = Array.from({ length }, (_, index) => (typeof entries[index] === 'string' ? entries[index] : ''));
  return { ...result, initialValue: { ...result.initialValue, [name]: list } };
}
