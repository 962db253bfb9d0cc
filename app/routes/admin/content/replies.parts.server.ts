import type { Submission, SubmissionResult } from '@conform-to/react';
import { data, type RouterContextProvider } from 'react-router';
import { failureOf } from '~/lib/errors.server';
import { messages } from '~/lib/messages';
import { notFound, parseId } from '~/lib/params';
import type { ToastMessage } from '~/lib/toast';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';

/**
 * What the content area's actions share (docs/product.md#content-area): the editor's address
 * (`new` or an id), the answer to a refused save, and the two steps of a deletion.
 */

/** `/admin/content/news/new` → null (a new one), `/admin/content/news/42` → 42; anything else is 404. */
export function editorId(raw: string | undefined): number | null {
  if (raw === 'new') return null;
  const id = parseId(raw);
  if (id === null) notFound();
  return id;
}

/** A form's answer: its result for Conform, which form of the page it belongs to, and what deletion is being asked about. */
export type EditorReply = { result: SubmissionResult<string[]> | null; form: string | null; asking: string | null };

/** A form the schema refused (400): the errors go back to the form `form`, with what was typed. */
export function invalidForm<Output>(submission: Submission<Output>, form: string | null = null) {
  return data<EditorReply>({ result: submission.reply(), form, asking: null }, { status: 400 });
}

/**
 * A save the feature refused (AppError): its message under the field it names (or over the form),
 * and as the 'Not Saved' toast on the same page. What the editor typed stays in the form.
 */
export function refusedSave<Output>(context: Readonly<RouterContextProvider>, submission: Submission<Output>, error: unknown, form: string | null = null) {
  const failure = failureOf(error, messages.saveFailed);
  const result = failure.field ? submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }) : submission.reply({ formErrors: [failure.message] });
  return dataWithToast<EditorReply>(context, { result, form, asking: null }, failure.toast, { status: failure.status });
}

/**
 * A post of a change that asks first, as the route's schema parsed it: its intent, the record it
 * names (the posted `id`, checked by the schema: null when it is not one), and whether the question
 * was answered yes (`confirmedFlag` in lib/fields.ts).
 */
export type ConfirmedPost = { intent: string; id?: string | number | null; confirmed: boolean };

/**
 * A change that asks first (ConfirmAction in components/admin/content-ui.tsx): a post without
 * `confirmed` answers with `asking` naming what is asked about (the intent and the posted `id`);
 * with it, `run` runs and the editor goes to `to` with the toast `done`. A refusal (something still
 * uses it, a ticket already used) says why on the same page. No `run` (no such record): 404.
 */
export async function handleConfirmed<Result>(
  context: Readonly<RouterContextProvider>,
  post: ConfirmedPost,
  change: { run: (() => Promise<Result>) | null; to: string; done: ToastMessage | ((result: Result) => ToastMessage) },
) {
  if (!change.run) notFound();
  const asked: EditorReply = { result: null, form: null, asking: `${post.intent}${post.id ?? ''}` };
  if (!post.confirmed) return data(asked);
  let result: Result;
  try {
    result = await change.run();
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(context, { ...asked, asking: null }, failure.toast, { status: failure.status });
  }
  return redirectWithToast(change.to, typeof change.done === 'function' ? change.done(result) : change.done);
}

/** A deletion is asked for, then confirmed (handleConfirmed with the deletion's words). */
export function handleDeletion(context: Readonly<RouterContextProvider>, post: ConfirmedPost, deletion: { remove: (() => Promise<unknown>) | null; to: string; what: string }) {
  return handleConfirmed(context, post, { run: deletion.remove, to: deletion.to, done: messages.contentDeleted(deletion.what) });
}
