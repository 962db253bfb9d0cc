import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { FlaskConical, Save, Send } from 'lucide-react';
import { useEffect } from 'react';
import { data, Form, Link, useRevalidator } from 'react-router';
import { ConfirmAction, ConfirmDelete, ContentHeading, Panel, StatusBadge } from '~/components/admin/content-ui';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SelectField } from '~/components/ui/form-field';
import { RichText } from '~/components/ui/rich-text';
import { audienceLabels, mailingAudiences, mailingEditorSchema, mailingSchema } from '~/features/mailings/mailings.schema';
import { deleteMailing, getMailing, mailingEventChoices, saveMailing, sendTestMailing, startSending } from '~/features/mailings/mailings.server';
import { kickMailingQueue } from '~/features/mailings/sender.server';
import { formatDateTime, formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import { editorId, handleConfirmed, handleDeletion, invalidForm, refusedSave } from '../content/replies.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/mailing';
import { requireMailer } from './guard.server';

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const user = await requireMailer(args);
  const id = editorId(params.id);
  const found = id === null ? null : await getMailing(user, id).catch(() => null);
  if (id !== null && !found) throw data('Message not found.', { status: 404 });
  return { found, events: await mailingEventChoices(), adminEmail: user.email };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const user = await requireMailer(args);
  const id = editorId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: mailingEditorSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  if (input.intent === 'delete') return handleDeletion(args.context, input, { remove: id === null ? null : () => deleteMailing(user, id), to: '/admin/mail', what: 'Message' });
  if (input.intent === 'send') {
    return handleConfirmed(args.context, input, {
      run:
        id === null
          ? null
          : async () => {
              const started = await startSending(user, id);
              kickMailingQueue();
              return started;
            },
      to: `/admin/mail/${id}`,
      done: (started) => messages.mailingSending(String(started.recipients)),
    });
  }
  try {
    const saved = await saveMailing(user, id, input);
    if (input.intent === 'test') {
      const to = await sendTestMailing(user, saved.id);
      return redirectWithToast(`/admin/mail/${saved.id}`, messages.mailingTestSent(to));
    }
    return redirectWithToast(`/admin/mail/${saved.id}`, messages.mailingSaved);
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.found ? `${args.loaderData.found.mailing.subject} · Mail to members` : 'New message · Mail to members');

// Someone's own data: never stored (docs/architecture.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function MailingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { found } = loaderData;
  if (found && found.mailing.status !== 'draft') return <SentMailing found={found} />;
  return <DraftMailing found={found} events={loaderData.events} adminEmail={loaderData.adminEmail} actionData={actionData} />;
}

type Found = NonNullable<Route.ComponentProps['loaderData']['found']>;

function DraftMailing({
  found,
  events,
  adminEmail,
  actionData,
}: {
  found: Found | null;
  events: Route.ComponentProps['loaderData']['events'];
  adminEmail: string;
  actionData: Route.ComponentProps['actionData'];
}) {
  const mailing = found?.mailing;
  const [form, fields] = useSchemaForm(mailingSchema, {
    id: `mailing-${mailing?.id ?? 'new'}-${mailing?.updatedAt.getTime() ?? 0}`,
    lastResult: actionData?.result,
    defaultValue: { subject: mailing?.subject ?? '', body: mailing?.body ?? '', audience: mailing?.audience ?? 'members', eventId: mailing?.eventId ? String(mailing.eventId) : '' },
  });
  const saving = useIsPending({ intent: 'save' });
  const testing = useIsPending({ intent: 'test' });
  const audience = fields.audience.value ?? 'members';
  // Without JavaScript the event list cannot appear on choosing attendees, so it is always there.
  const hydrated = useHydrated();
  const people = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`;
  return (
    <>
      <ContentHeading
        title={mailing ? mailing.subject : 'New message'}
        back={{ to: '/admin/mail', label: 'All messages' }}
        description={mailing ? `Draft, last saved ${formatDateTime(mailing.updatedAt)}.` : 'Write the message, choose who receives it, and send yourself a test before sending it.'}
      >
        {mailing ? <StatusBadge status="draft" /> : null}
      </ContentHeading>

      {actionData?.asking === 'delete' && mailing ? (
        <div className="mb-6">
          <ConfirmDelete what="this draft" consequence="The message is gone; nobody has received it." asking />
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="grid gap-6">
        <Panel>
          <div className="grid gap-5">
            <FormField field={fields.subject} label="Subject" />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField field={fields.audience} label="Who receives it" options={mailingAudiences.map((value) => ({ value, label: audienceLabels[value] }))} />
              {audience === 'attendees' || !hydrated ? (
                <SelectField
                  field={fields.eventId}
                  label="Event"
                  hint={events.length ? 'Only for “The attendees of an event”: whoever holds a ticket.' : 'No event has attendees yet.'}
                  options={[{ value: '', label: 'Choose an event' }, ...events.map((event) => ({ value: String(event.id), label: `${event.title} (${formatLongDate(event.startsAt)}, ${people(event.buyers)})` }))]}
                />
              ) : null}
            </div>
            <RichTextEditor field={fields.body} label="The message" hint="Headings, lists, links and pictures, as in news stories. An unsubscribe link is added at the end." imageUploadUrl="/admin/content/media/upload" />
            <FormError id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="save" disabled={saving || testing}>
                <Save aria-hidden /> {saving ? 'Saving…' : 'Save draft'}
              </Button>
              <Button type="submit" name="intent" value="test" variant="outline" disabled={saving || testing}>
                <FlaskConical aria-hidden /> {testing ? 'Sending the test…' : 'Save and send a test to me'}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">The test goes to {adminEmail} only, with “[Test]” before the subject.</p>
          </div>
        </Panel>
      </Form>

      {found && mailing ? (
        <section aria-labelledby="preview-heading" className="mt-8 grid gap-4">
          <h2 id="preview-heading" className="text-xl font-bold text-navy-900">
            Preview and send
          </h2>
          <MailPreview subject={mailing.subject} body={mailing.body} audience={found.audienceLabel} />
          <Panel>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="text-slate-700">
                {found.audienceSize > 0 ? (
                  <>
                    The saved message above goes to <strong>{people(found.audienceSize)}</strong>: {found.audienceLabel.toLowerCase()}, each address once, leaving out those who unsubscribed.
                  </>
                ) : (
                  <>Nobody is in this audience yet, so there is no one to send the message to.</>
                )}
              </p>
              <div className="flex flex-wrap gap-2">
                {found.audienceSize > 0 ? (
                  <SendButton count={found.audienceSize} subject={mailing.subject} asking={actionData?.asking === 'send'} />
                ) : null}
                {actionData?.asking === 'send' ? null : <ConfirmDelete what="this draft" label="Delete draft" consequence="The message is gone; nobody has received it." />}
              </div>
            </div>
          </Panel>
        </section>
      ) : null}
    </>
  );
}

function SendButton({ count, subject, asking }: { count: number; subject: string; asking: boolean }) {
  const people = `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`;
  return (
    <ConfirmAction
      question={`Send “${subject}” to ${people}?`}
      consequence="Sending starts at once and cannot be called back. Changes you have not saved are not sent."
      asking={asking}
      label={`Send to ${people}`}
      confirmLabel="Yes, send it"
      busyLabel="Starting…"
      keepLabel="Not yet"
      icon={Send}
      intent="send"
    />
  );
}

/** The message as members will read it: the association's frame, the text, the unsubscribe line. */
function MailPreview({ subject, body, audience }: { subject: string; body: string; audience: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      <figcaption className="grid gap-1 border-b border-border bg-slate-50 px-5 py-3 text-sm text-slate-700">
        <span>
          <span className="font-semibold text-navy-900">Subject:</span> {subject}
        </span>
        <span>
          <span className="font-semibold text-navy-900">To:</span> {audience}
        </span>
      </figcaption>
      <div className="px-5 py-6 sm:px-8">
        <RichText html={body} className="max-w-none" />
        <p className="mt-8 border-t border-border pt-4 text-sm text-muted-foreground">
          You receive this as a member or supporter of the association. <span className="text-navy-700 underline">Unsubscribe</span>
        </p>
      </div>
    </figure>
  );
}

function SentMailing({ found }: { found: Found }) {
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
            {sending ? `${progress.sent.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} sent so far.` : `Finished${mailing.finishedAt ? ` on ${formatDateTime(mailing.finishedAt)}` : ''}: ${progress.sent.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} sent.`}
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
