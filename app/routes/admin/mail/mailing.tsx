import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { FlaskConical, Save, Send } from 'lucide-react';
import { data, Form } from 'react-router';
import { ConfirmAction, ConfirmDelete, ContentHeading, Panel, StatusBadge } from '~/components/admin/content-ui';
import { MailPreview } from '~/components/admin/mail-preview';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SelectField } from '~/components/ui/form-field';
import { audienceLabels, composerAudiences, mailingEditorSchema, mailingSchema } from '~/features/mailings/mailings.schema';
import { deleteMailing, getMailing, mailingEventChoices, saveMailing, sendTestMailing, startSending } from '~/features/mailings/mailings.server';
import { kickMailingQueue } from '~/features/mailings/sender.server';
import { formatDateTime, formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import { editorId, handleConfirmed, handleDeletion, invalidForm, refusedSave } from '../content/replies.parts.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/mailing';
import { SentMailing } from './sent-mailing.parts';
import { requireMailer } from '~/features/accounts/route-guards.server';

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

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
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
              <SelectField field={fields.audience} label="Who receives it" options={composerAudiences.map((value) => ({ value, label: audienceLabels[value] }))} />
              {audience === 'attendees' || !hydrated ? (
                <SelectField
                  field={fields.eventId}
                  label="Event"
                  hint={events.length ? 'Only for “The attendees of an event”: whoever holds a ticket.' : 'No event has attendees yet.'}
                  options={[
                    { value: '', label: 'Choose an event' },
                    ...events.map((event) => ({ value: String(event.id), label: `${event.title} (${formatLongDate(event.startsAt)}, ${people(event.buyers)})` })),
                  ]}
                />
              ) : null}
            </div>
            <RichTextEditor
              field={fields.body}
              label="The message"
              hint="Headings, lists, links and pictures, as in news stories. An unsubscribe link is added at the end."
              imageUploadUrl="/admin/content/media/upload"
            />
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
                {found.audienceSize > 0 ? <SendButton count={found.audienceSize} subject={mailing.subject} asking={actionData?.asking === 'send'} /> : null}
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
