import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { kickMailingQueue } from '~/features/mailings/sender.server';
import { startYearEndStatements, statementRecipients } from '~/features/mailings/statements.server';
import { financeYearOf } from '~/features/payments/finance';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/finance';
import type { StatementsAsking } from './finance-sections.parts';

/**
 * The finance view's one post: mail every donor of the year their statement (docs/product.md#gift-receipts).
 * A post without `confirmed` only asks, with how many donors the statements go to.
 */
const sendStatementsSchema = z.object({
  intent: z.literal('send-statements'),
  year: z.string({ error: 'Choose a year.' }).regex(/^\d{4}$/, 'Choose a year.'),
  confirmed: z.literal('yes').optional(),
});

export async function sendStatementsAction(args: Route.ActionArgs) {
  const { user } = await requireAdminAbility(args, 'mailMembers');
  const submission = parseWithZod(await readFormData(args.request), { schema: sendStatementsSchema });
  const year = submission.status === 'success' ? financeYearOf(submission.value.year, new Date()) : null;
  if (submission.status !== 'success' || year === null) return dataWithToast(args.context, { ok: false, asking: null }, messages.statementsRefused('Choose a year with gifts.'), { status: 400 });
  try {
    if (!submission.value.confirmed) {
      const asking: StatementsAsking = { year, recipients: (await statementRecipients(user, year)).size };
      return data({ ok: true, asking });
    }
    const started = await startYearEndStatements(user, year);
    kickMailingQueue();
    return redirectWithToast(`/admin/mail/${started.mailing.id}`, messages.mailingSending(String(started.recipients)));
  } catch (error) {
    const failure = failureOf(error, messages.statementsRefused(''));
    return dataWithToast(args.context, { ok: false, asking: null }, failure.toast, { status: failure.status });
  }
}
