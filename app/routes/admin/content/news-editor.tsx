import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { ConfirmDelete, ContentHeading, Panel, PublishButtons, StatusBadge, ViewOnSite } from '~/components/admin/content-ui';
import { FileField } from '~/components/admin/file-field';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { newsEditorSchema, newsSchema } from '~/features/content/news.schema';
import { deleteNews, getNewsForEditor, newsState, saveNews } from '~/features/content/news.server';
import { acceptedTypes, maxUploadBytes, fileSize } from '~/features/media/limits';
import { withUpload } from '~/features/media/media.server';
import { formatDateTime, toLocalDateTimeInput } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/news-editor';
import { editorId, handleDeletion, invalidForm, refusedSave } from './replies.parts.server';

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const { user } = await requireContentEditor(args);
  const id = editorId(params.id);
  const story = id === null ? null : await getNewsForEditor(user, id).catch(() => null);
  if (id !== null && !story) throw data('Story not found.', { status: 404 });
  return { story, state: story ? newsState(story) : null, author: user.name };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { user } = await requireContentEditor(args);
  const id = editorId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: newsEditorSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  if (input.intent === 'delete') return handleDeletion(args.context, input, { remove: id === null ? null : () => deleteNews(user, id), to: '/admin/content/news', what: 'Story' });
  try {
    const saved = await withUpload(user, input.cover, 'image', 'cover', (coverMediaId) => saveNews(user, id, input, { coverMediaId }));
    const message = {
      saved: messages.contentSaved('Story'),
      published: messages.contentPublished('Story'),
      scheduled: messages.contentScheduled('Story', formatDateTime(saved.publishedAt)),
      unpublished: messages.contentUnpublished('Story'),
      unscheduled: messages.contentUnscheduled('Story'),
    }[saved.outcome];
    return redirectWithToast(`/admin/content/news/${saved.id}`, message);
  } catch (error) {
    return refusedSave(args.context, submission, error);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.story ? `${args.loaderData.story.title} · News` : 'New story · News');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function NewsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { story, state, author } = loaderData;
  const isDraft = !story || story.status === 'draft';
  // A draft's past date means nothing (publishing dates it now); a future one is its schedule.
  const showsDate = story && (story.status === 'published' || story.publishedAt > new Date());
  const [form, fields] = useSchemaForm(newsSchema, {
    id: `news-${story?.id ?? 'new'}-${story?.updatedAt.getTime() ?? 0}`,
    lastResult: actionData?.result,
    defaultValue: {
      title: story?.title ?? '',
      slug: story?.slug ?? '',
      category: story?.category ?? 'Announcements',
      author: story?.author ?? author,
      excerpt: story?.excerpt ?? '',
      content: story?.content ?? '',
      coverAlt: story?.coverAlt ?? '',
      publishAt: showsDate ? toLocalDateTimeInput(story.publishedAt) : '',
      featured: story?.featured ? 'on' : undefined,
    },
  });
  const saving = useIsPending();
  const coverSrc = story?.cover?.src ?? story?.imageUrl ?? null;
  return (
    <>
      <ContentHeading
        title={story ? story.title : 'New story'}
        back={{ to: '/admin/content/news', label: 'All stories' }}
        description={story ? `Last saved ${formatDateTime(story.updatedAt)}.` : 'Write the story, add its cover picture, then save it as a draft or publish it.'}
      >
        {story ? (
          <>
            <StatusBadge status={state!} />
            <ViewOnSite href={`/news/${story.slug}?preview`} label={state === 'published' ? 'View on the site' : 'Preview'} />
          </>
        ) : null}
      </ContentHeading>

      {actionData?.asking === 'delete' && story ? (
        <div className="mb-6">
          <ConfirmDelete what={`“${story.title}”`} consequence="The story disappears from the site and its address stops working." asking />
        </div>
      ) : null}

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <div className="grid gap-6">
          <Panel>
            <div className="grid gap-5">
              <FormField field={fields.title} label="Title" />
              <FormField
                field={fields.slug}
                label="Address"
                hint={
                  story
                    ? `The story lives at /news/${story.slug}. If you change it, the old address sends readers to the new one.`
                    : 'Made from the title if you leave it empty: lower-case letters, digits and hyphens.'
                }
              />
              <FormField field={fields.excerpt} label="Summary" multiline={4} hint="One or two sentences, shown on the News page and in search results." />
              <RichTextEditor field={fields.content} label="The story" hint="Use headings, lists, quotes, links and pictures as you need them." imageUploadUrl="/admin/content/media/upload" />
            </div>
          </Panel>
        </div>

        <div className="grid gap-6 lg:sticky lg:top-24">
          <Panel title="Publishing">
            <div className="grid gap-4">
              <FormField
                field={fields.publishAt}
                label="Publish date"
                type="datetime-local"
                step={1}
                hint={
                  isDraft
                    ? 'Empty publishes it now; a later date and time (Toronto time) schedules it.'
                    : state === 'scheduled'
                      ? 'Toronto time. Clear it and save to unschedule the story (a draft again), or publish it now.'
                      : 'A later date and time (Toronto time) takes it off the site until then; empty keeps its date.'
                }
              />
              <CheckboxField field={fields.featured} label="Feature it at the top of the News page" />
              <FormError id={form.errorId} errors={form.errors} />
              <PublishButtons isDraft={isDraft} isScheduled={state === 'scheduled'} saving={saving} />
            </div>
          </Panel>

          <Panel title="Cover picture">
            <div className="grid gap-4">
              <FileField
                field={fields.cover}
                label={coverSrc ? 'Replace the cover picture' : 'Cover picture'}
                accept={acceptedTypes.image}
                required={!coverSrc}
                hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${fileSize(maxUploadBytes.image)}. It is resized for every screen.`}
                current={coverSrc ? <img src={coverSrc} alt="" className="aspect-[16/9] w-full rounded-md object-cover" /> : null}
              />
              <FormField field={fields.coverAlt} label="Describe the picture" hint="Read aloud to people who cannot see it, e.g. “Members filling the hall at the AGM”." />
            </div>
          </Panel>

          <Panel title="Details">
            <div className="grid gap-4">
              <FormField field={fields.category} label="Category" hint="e.g. Announcements, School News, Alumni Stories." />
              <FormField field={fields.author} label="Author" />
            </div>
          </Panel>
        </div>
      </Form>

      {story && actionData?.asking !== 'delete' ? (
        <div className="mt-8 border-t border-border pt-6">
          <ConfirmDelete what={`“${story.title}”`} consequence="The story disappears from the site and its address stops working." label="Delete story" />
        </div>
      ) : null}
    </>
  );
}
