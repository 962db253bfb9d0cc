import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { requireAdminAbility } from '~/features/accounts/guards.server';
import { kickMailingQueue } from '~/features/mailings/sender.server';
import { startYearEndStatements } from '~/features/mailings/statements.server';
import { financeYearOf } from '~/features/payments/finance';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/finance';

/** The finance view's one post: mail every donor of the year their statement (docs/product.md#gift-receipts). */
const sendStatementsSchema = z.object({ intent: z.literal('send-statements'), year: z.string({ error: 'Choose a year.' }).regex(/^\d{4}$/, 'Choose a year.') });

export async function sendStatementsAction(args: Route.ActionArgs) {
  const { user } = await requireAdminAbility(args, 'mailMembers');
  const submission = parseWithZod(await readFormData(args.request), { schema: sendStatementsSchema });
  const year = submission.status === 'success' ? financeYearOf(submission.value.year, new Date()) : null;
  if (year === null) return dataWithToast(args.context, { ok: false }, messages.statementsRefused('Choose a year with gifts.'), { status: 400 });
  try {
    const started = await startYearEndStatements(user, year);
    kickMailingQueue();
    return redirectWithToast(`/admin/mail/${started.mailing.id}`, messages.mailingSending(String(started.recipients)));
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { ok: false }, failure.toast, { status: failure.status });
  }
}
