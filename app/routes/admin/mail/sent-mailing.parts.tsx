import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { ContentHeading, Panel, StatusBadge } from '~/components/admin/content-ui';
import { MailPreview } from '~/components/admin/mail-preview';
import { formatDateTime } from '~/lib/dates';
import type { Route } from './+types/mailing';

type Found = NonNullable<Route.ComponentProps['loaderData']['found']>;

/**
 * A message being sent or sent (docs/product.md#mail-to-members): how far sending has gone (the
 * page reloads its figures every 2 seconds while it goes on), who did not get it, and the message.
 */
export function SentMailing({ found }: { found: Found }) {
  const { mailing, progress, problems } = found;
  const sending = mailing.status === 'sending';
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const done = progress.total - progress.pending;
  const counts = [
    { label: 'Sent', value: progress.sent },
    { label: 'Waiting', value: progress.pending },
    { label: 'Bounced', value: progress.bounced },
    { label: 'Failed', value: progress.failed },
    { label: 'Unsubscribed before their turn', value: progress.skipped },
  ];
  return (
    <>
      <ContentHeading
        title={mailing.subject}
        back={{ to: '/admin/mail', label: 'All messages' }}
        description={`${found.audienceLabel}. Sent by ${mailing.sentBy ?? 'an admin'}${mailing.startedAt ? ` on ${formatDateTime(mailing.startedAt)}` : ''}.`}
      >
        <StatusBadge status={mailing.status} />
      </ContentHeading>
      <Panel title={sending ? 'Sending' : 'Sent'}>
        <div className="grid gap-4">
          <p role="status" className="text-slate-700">
            {sending
              ? `${progress.sent.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} sent so far.`
              : `Finished${mailing.finishedAt ? ` on ${formatDateTime(mailing.finishedAt)}` : ''}: ${progress.sent.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} sent.`}
          </p>
          <progress value={done} max={Math.max(progress.total, 1)} aria-label="Sending progress" className="h-3 w-full overflow-hidden rounded-full accent-navy-700" />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {counts.map((count) => (
              <div key={count.label} className="rounded-lg border border-border bg-slate-50 px-3 py-2">
                <dt className="text-xs font-semibold text-muted-foreground">{count.label}</dt>
                <dd className="text-xl font-bold text-navy-900">{count.value.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
          {sending ? (
            <p className="text-sm text-muted-foreground">
              Sending goes on when you leave this page, and after a restart of the site.{' '}
              <Link to="." className="font-semibold text-navy-700 underline">
                Refresh
              </Link>
            </p>
          ) : null}
        </div>
      </Panel>
      {problems.length ? (
        <div className="mt-6">
          <Panel title="Not delivered" description="Bounced addresses get no more messages to members until they subscribe again from a message’s link.">
            <ul className="divide-y divide-border text-sm">
              {problems.map((problem) => (
                <li key={problem.email} className="grid gap-0.5 py-2">
                  <span className="break-all font-semibold text-navy-900">
                    {problem.email} · {problem.status}
                  </span>
                  {problem.detail ? <span className="break-words text-muted-foreground">{problem.detail}</span> : null}
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      ) : null}
      <section aria-labelledby="message-heading" className="mt-8 grid gap-4">
        <h2 id="message-heading" className="text-xl font-bold text-navy-900">
          The message
        </h2>
        <MailPreview subject={mailing.subject} body={mailing.body} audience={found.audienceLabel} />
      </section>
    </>
  );
}
