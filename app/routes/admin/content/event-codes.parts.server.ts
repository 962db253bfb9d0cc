import type { Submission } from '@conform-to/react';
import { data, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { deleteCode, saveCode, setCodeActive } from '~/features/events/discounts.server';
import type { eventEditorSchema } from '~/features/events/events.schema';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import type { Actor } from '~/lib/roles';
import { redirectWithToast } from '~/lib/toast.server';
import { handleDeletion, refusedSave } from './replies.parts.server';

type EditorPost = z.output<typeof eventEditorSchema>;
export type CodePost = Extract<EditorPost, { intent: 'code-save' | 'code-off' | 'code-on' | 'code-delete' }>;

export function isCodePost(post: EditorPost): post is CodePost {
  return post.intent === 'code-save' || post.intent === 'code-off' || post.intent === 'code-on' || post.intent === 'code-delete';
}

/**
 * The event editor's discount codes (docs/product.md#content-area): a code saved (its form keeps
 * what was typed when refused), switched off or on, or deleted after asking (only one never used).
 */
export async function codeAction(context: Readonly<RouterContextProvider>, user: Actor, eventId: number | null, post: CodePost, submission: Submission<EditorPost>) {
  const here = `/admin/content/events/${eventId}`;
  switch (post.intent) {
    case 'code-save': {
      const { intent: _intent, id: codeId, ...code } = post;
      try {
        if (eventId === null) throw new AppError('bad_request', 'Save the event before adding its discount codes.');
        await saveCode(user, eventId, codeId, code);
        return redirectWithToast(`${here}#discount-codes`, messages.contentSaved('Discount Code'));
      } catch (error) {
        return refusedSave(context, submission, error, `code-${codeId ?? 'new'}`);
      }
    }
    case 'code-off':
    case 'code-on':
      if (eventId === null || post.id === null) throw data('Discount code not found.', { status: 404 });
      await setCodeActive(user, eventId, post.id, post.intent === 'code-on');
      return redirectWithToast(`${here}#discount-codes`, messages.contentSaved('Discount Code'));
    case 'code-delete': {
      const codeId = post.id;
      return handleDeletion(context, post, { remove: eventId === null || codeId === null ? null : () => deleteCode(user, eventId, codeId), to: `${here}#discount-codes`, what: 'Discount Code' });
    }
  }
}
