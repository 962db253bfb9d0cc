import type { ContentStatus } from '~/db/schema/enums';

/**
 * What saving a story does to its status and date (docs/product.md#content-area): pure, so the
 * rules are tested without a database, and the editor's toast says what really happened.
 */
export const newsIntents = ['save', 'publish', 'publish-now', 'unpublish'] as const;
export type NewsIntent = (typeof newsIntents)[number];

/** What editors see in lists: a published story dated in the future is scheduled. */
export type NewsState = ContentStatus | 'scheduled';
export function newsState(item: { status: ContentStatus; publishedAt: Date }, now = new Date()): NewsState {
  if (item.status === 'draft') return 'draft';
  return item.publishedAt > now ? 'scheduled' : 'published';
}

/** What the save did, for its toast: 'Story Saved', 'Published', 'Scheduled', 'Unpublished', 'Unscheduled'. */
export type NewsOutcome = 'saved' | 'published' | 'scheduled' | 'unpublished' | 'unscheduled';

/**
 * The story's status and date after a save, and what that was. `publishAt` is the form's date
 * (null when empty); `before` is the story as it was (null for a new one).
 *
 * - 'Publish now' puts it on the site dated now, whatever the date field says.
 * - 'Publish' puts it on the site at its date: empty is now for a draft, its own date for a story
 *   already published; a later date schedules it.
 * - 'Save' keeps a draft a draft and a published story published (a later date takes it off until
 *   then); a **scheduled** story whose date is cleared is unscheduled: a draft again, dated now.
 * - 'Unpublish' makes it a draft.
 */
export function publishing(
  intent: NewsIntent,
  before: { status: ContentStatus; publishedAt: Date } | null,
  publishAt: Date | null,
  now: Date,
): { status: ContentStatus; publishedAt: Date; outcome: NewsOutcome } {
  const was = before ? newsState(before, now) : null;
  const status: ContentStatus =
    intent === 'publish' || intent === 'publish-now' ? 'published' : intent === 'unpublish' || (was === 'scheduled' && publishAt === null) ? 'draft' : (before?.status ?? 'draft');
  const publishedAt = intent === 'publish-now' ? now : (publishAt ?? (status === 'published' && before?.status === 'published' ? before.publishedAt : now));
  const after = newsState({ status, publishedAt }, now);
  const outcome: NewsOutcome =
    after === 'draft' ? (intent === 'unpublish' ? 'unpublished' : was === 'scheduled' ? 'unscheduled' : 'saved') : after === 'scheduled' ? 'scheduled' : was === 'published' ? 'saved' : 'published';
  return { status, publishedAt, outcome };
}
