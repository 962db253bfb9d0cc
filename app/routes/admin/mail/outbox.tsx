import { parseWithZod } from '@conform-to/zod/v4';
import { RotateCw, Send } from 'lucide-react';
import { data, Form } from 'react-router';
import { ContentHeading, StatusBadge } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { mailKindLabels, outboxActionSchema } from '~/features/mail/outbox.schema';
import { listUnsentMail, sendMailAgain, type OutboxEntry } from '~/features/mail/outbox.server';
import { formatDateTime } from '~/lib/dates';
import { failureOf } from '~/lib/errors.server';
import { readFormData } from '~/lib/forms.server';
import { useIsPending } from '~/lib/forms';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/outbox';
import { requireMailer } from '~/features/accounts/route-guards.server';

/** Transactional mail that has not left (docs/product.md#the-outbox): failed first, then waiting. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireMailer(args);
  return { entries: await listUnsentMail(user) };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireMailer(args);
  const submission = parseWithZod(await readFormData(args.request), { schema: outboxActionSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await sendMailAgain(user, submission.value.id);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { result: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
  return redirectWithToast('/admin/mail/outbox', messages.mailQueuedAgain);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Outbox · Mail');

// People's addresses: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

const statusWords: Record<OutboxEntry['status'], string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { entries } = loaderData;
  const refusal = actionData?.result?.error?.[''];
  return (
    <>
      <ContentHeading
        title="Outbox"
        description="Receipts, tickets, account mails, reminders and notices that have not left yet. Waiting mail is tried again by itself, after 1, 5 and 15 minutes, then less often; failed mail waits for you."
      />
      {refusal?.length ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {refusal.join(' ')}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="rounded-xl border border-border bg-white px-4 py-10 text-center text-muted-foreground shadow-sm">Every mail has been sent. Nothing is waiting.</p>
      ) : (
        <ul aria-label="Mail not sent" className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm">
          {entries.map((entry) => (
            <OutboxRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const pending = useIsPending({ intent: 'send-again' });
  const attempts = entry.attempts === 1 ? '1 attempt' : `${entry.attempts} attempts`;
  return (
    <li className="grid gap-2 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0">
        <p className="break-words font-semibold text-navy-900">{entry.subject}</p>
        <p className="break-all text-sm text-slate-700">To {entry.recipient}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <StatusBadge status={entry.status} label={statusWords[entry.status]} />
          <span>{mailKindLabels[entry.kind]}</span>
          <span>Queued {formatDateTime(entry.createdAt)}</span>
          <span>{attempts}</span>
          {entry.status === 'pending' ? <span>Next try {formatDateTime(entry.nextAttemptAt)}</span> : null}
        </div>
        {entry.lastError ? (
          <p className="mt-2 break-words rounded bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700">
            <span className="sr-only">Last error: </span>
            {entry.lastError}
          </p>
        ) : null}
      </div>
      {entry.status === 'sending' ? null : (
        <Form method="post" className="sm:justify-self-end">
          <input type="hidden" name="intent" value="send-again" />
          <input type="hidden" name="id" value={entry.id} />
          <Button type="submit" size="sm" variant={entry.status === 'failed' ? 'default' : 'outline'} disabled={pending}>
            {entry.status === 'failed' ? <Send aria-hidden /> : <RotateCw aria-hidden />}
            {entry.status === 'failed' ? 'Send again' : 'Try now'}
            <span className="sr-only">
              : {entry.subject}, to {entry.recipient}
            </span>
          </Button>
        </Form>
      )}
    </li>
  );
}
