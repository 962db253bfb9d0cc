import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Ticket } from 'lucide-react';
import { data, Form, Link, redirect } from 'react-router';
import { ConfirmDelete, ContentHeading, Panel, PublishButtons, StatusBadge, ViewOnSite } from '~/components/admin/content-ui';
import { FileField } from '~/components/admin/file-field';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SelectField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { eventEditorSchema, eventSchema, registrationKindOptions } from '~/features/events/events.schema';
import { deleteEvent, deleteTier, getEventForEditor, saveEvent, saveTier, setTierClosed } from '~/features/events/events.server';
import { listCodesWithUses } from '~/features/events/discounts.server';
import { deleteQuestion, listQuestionsWithAnswers, moveQuestion, saveQuestion } from '~/features/events/questions.server';
import { lacksTiers } from '~/features/events/tickets';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { withUpload } from '~/features/media/media.server';
import { formatDateTime, toLocalDateTimeInput } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { parseId } from '~/lib/params';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/event-editor';
import { CodePanel } from './event-codes.parts';
import { codeAction, isCodePost } from './event-codes.parts.server';
import { QuestionPanel } from './event-questions.parts';
import { TierPanel } from './event-tiers.parts';
import { editorId, handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { user } = await requireContentEditor(args);
  const id = editorId(params.id);
  const event = id === null ? null : await getEventForEditor(user, id).catch(() => null);
  if (id !== null && !event) throw data('Event not found.', { status: 404 });
  return { event, questions: event ? await listQuestionsWithAnswers(event.id) : [], codes: event ? await listCodesWithUses(event.id) : [] };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireContentEditor(args);
  const id = editorId(params.id);
  const here = `/admin/content/events/${id}`;
  const submission = parseWithZod(await readFormData(request), { schema: eventEditorSchema });
  if (submission.status !== 'success') {
    const refused = refusedPost(submission);
    const item = ({ 'tier-save': 'tier', 'question-save': 'question', 'code-save': 'code' } as Record<string, string>)[refused.intent ?? ''] ?? null;
    return invalidForm(submission, item ? `${item}-${parseId(refused.id) ?? 'new'}` : 'event');
  }
  const input = submission.value;
  if (isCodePost(input)) return codeAction(args.context, user, id, input, submission);
  switch (input.intent) {
    case 'delete':
      return handleDeletion(args.context, input, { remove: id === null ? null : () => deleteEvent(user, id), to: '/admin/content/events', what: 'Event' });
    case 'tier-delete': {
      const tierId = input.id;
      return handleDeletion(args.context, input, { remove: id === null || tierId === null ? null : () => deleteTier(user, id, tierId), to: here, what: 'Ticket tier' });
    }
    case 'tier-close':
    case 'tier-open':
      if (id === null || input.id === null) throw data('Ticket tier not found.', { status: 404 });
      await setTierClosed(user, id, input.id, input.intent === 'tier-close');
      return redirectWithToast(here, input.intent === 'tier-close' ? messages.tierClosed : messages.tierReopened);
    case 'tier-save': {
      const { intent: _intent, id: tierId, ...tier } = input;
      const form = `tier-${tierId ?? 'new'}`;
      try {
        if (id === null) throw new AppError('bad_request', 'Save the event before adding its tickets.');
        await saveTier(user, id, tierId, tier);
        return redirectWithToast(here, messages.contentSaved('Ticket Tier'));
      } catch (error) {
        return refusedSave(args.context, submission, error, form);
      }
    }
    case 'question-save': {
      const { intent: _intent, id: questionId, ...question } = input;
      try {
        if (id === null) throw new AppError('bad_request', 'Save the event before adding its questions.');
        await saveQuestion(user, id, questionId, question);
        return redirectWithToast(`${here}#registration-questions`, messages.contentSaved('Question'));
      } catch (error) {
        return refusedSave(args.context, submission, error, `question-${questionId ?? 'new'}`);
      }
    }
    case 'question-up':
    case 'question-down':
      if (id === null || input.id === null) throw data('Question not found.', { status: 404 });
      await moveQuestion(user, id, input.id, input.intent === 'question-up' ? 'up' : 'down');
      return redirect(`${here}#registration-questions`);
    case 'question-delete': {
      const questionId = input.id;
      return handleDeletion(args.context, input, { remove: id === null || questionId === null ? null : () => deleteQuestion(user, id, questionId), to: here, what: 'Question' });
    }
    default:
      try {
        const saved = await withUpload(user, input.image, 'image', 'image', (imageMediaId) => saveEvent(user, id, input, { imageMediaId }));
        const message = input.intent === 'publish' ? messages.contentPublished('Event') : input.intent === 'unpublish' ? messages.contentUnpublished('Event') : messages.contentSaved('Event');
        return redirectWithToast(`/admin/content/events/${saved.id}`, message);
      } catch (error) {
        return refusedSave(args.context, submission, error, 'event');
      }
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.event ? `${args.loaderData.event.title} · Events` : 'New event · Events');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function EventEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, codes } = loaderData;
  const [form, fields] = useSchemaForm(eventSchema, {
    id: `event-${event?.id ?? 'new'}-${event?.updatedAt.getTime() ?? 0}`,
    lastResult: actionData?.form === 'event' ? actionData.result : null,
    defaultValue: {
      title: event?.title ?? '',
      description: event?.description ?? '',
      startsAt: event ? toLocalDateTimeInput(event.startsAt, event.timeZone) : '',
      endsAt: event?.endsAt ? toLocalDateTimeInput(event.endsAt, event.timeZone) : '',
      venue: event?.venue ?? '',
      address: event?.address ?? '',
      venueMapLink: event?.venueMapLink ?? '',
      registrationKind: event?.registrationKind ?? 'tickets',
      externalFormLink: event?.externalFormLink ?? '',
      imageAlt: event?.imageAlt ?? '',
    },
  });
  const saving = useIsPending();
  const isDraft = !event || event.status === 'draft';
  const imageSrc = event?.image?.src ?? event?.imageUrl ?? null;
  const deleteAsked = actionData?.asking === 'delete';
  return (
    <>
      <ContentHeading
        title={event ? event.title : 'New event'}
        back={{ to: '/admin/content/events', label: 'All events' }}
        description={event ? `Last saved ${formatDateTime(event.updatedAt)}.` : 'Describe the event, then add its ticket tiers once it is saved.'}
      >
        {event ? (
          <>
            <StatusBadge status={event.status} />
            {event.tiers.length > 0 ? (
              <Button asChild variant="outline">
                <Link to={`/admin/content/events/${event.id}/tickets`}>
                  <Ticket aria-hidden /> Tickets and attendees
                </Link>
              </Button>
            ) : null}
            <ViewOnSite href={`/events/${event.id}?preview`} label={event.status === 'published' ? 'View on the site' : 'Preview'} />
          </>
        ) : null}
      </ContentHeading>

      {event && lacksTiers(event) ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <strong>No ticket tier yet.</strong> This event is open for {event.registrationKind === 'rsvp' ? 'RSVPs' : 'tickets'}, but its page shows no ticket card until it has a tier.{' '}
          <a href="#ticket-tiers" className="font-semibold underline underline-offset-2">
            Add a tier
          </a>{' '}
          below.
        </p>
      ) : null}

      {deleteAsked && event ? (
        <div className="mb-6">
          <ConfirmDelete what={`“${event.title}”`} consequence="The event and its ticket tiers disappear from the site." asking />
        </div>
      ) : null}

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <Panel>
          <div className="grid gap-5">
            <FormField field={fields.title} label="Title" />
            <RichTextEditor field={fields.description} label="Description" hint="What happens, who it is for, what to bring." imageUploadUrl="/admin/content/media/upload" />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField field={fields.startsAt} label="Starts" type="datetime-local" hint="Toronto time." />
              <FormField field={fields.endsAt} label="Ends (optional)" type="datetime-local" hint="Toronto time." />
            </div>
            <FormField field={fields.venue} label="Venue" hint="e.g. Grand Ballroom, Hilton Mississauga." />
            <FormField field={fields.address} label="Address (optional)" multiline />
            <FormField field={fields.venueMapLink} label="Map link (optional)" type="url" hint="A full https:// address, e.g. from Google Maps." />
          </div>
        </Panel>

        <div className="grid gap-6 lg:sticky lg:top-24">
          <Panel title="Publishing">
            <div className="grid gap-4">
              <p className="text-sm text-slate-700">{isDraft ? 'A draft is seen only here and in its preview.' : 'This event is on the Events page.'}</p>
              <FormError id={form.errorId} errors={form.errors} />
              <PublishButtons isDraft={isDraft} saving={saving} />
            </div>
          </Panel>
          <Panel title="Registration">
            <div className="grid gap-4">
              <SelectField field={fields.registrationKind} label="How people register" options={registrationKindOptions} />
              <FormField field={fields.externalFormLink} label="Registration form link" type="url" hint="Only for a form elsewhere: a full https:// address." />
            </div>
          </Panel>
          <Panel title="Picture">
            <div className="grid gap-4">
              <FileField
                field={fields.image}
                label={imageSrc ? 'Replace the picture' : 'Picture (optional)'}
                accept={acceptedTypes.image}
                hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${fileSize(maxUploadBytes.image)}.`}
                current={imageSrc ? <img src={imageSrc} alt="" className="aspect-[16/9] w-full rounded-md object-cover" /> : null}
              />
              <FormField field={fields.imageAlt} label="Describe the picture" hint="Needed with a picture, for people who cannot see it." />
            </div>
          </Panel>
        </div>
      </Form>

      {event ? <TierPanel tiers={event.tiers} actionData={actionData} /> : null}
      {event && event.registrationKind !== 'external' && event.registrationKind !== 'none' ? <QuestionPanel questions={questions} tiers={event.tiers} actionData={actionData} /> : null}
      {event && event.registrationKind === 'tickets' ? <CodePanel codes={codes} tiers={event.tiers} actionData={actionData} /> : null}

      {event && !deleteAsked ? (
        <div className="mt-8 border-t border-border pt-6">
          <ConfirmDelete
            what={`“${event.title}”`}
            consequence="The event and its ticket tiers disappear from the site. An event with tickets sold cannot be deleted: unpublish it instead."
            label="Delete event"
          />
        </div>
      ) : null}
    </>
  );
}
