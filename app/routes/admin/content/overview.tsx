import { CalendarPlus, FilePlus2, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { ContentHeading, Panel } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { requireContentEditor } from '~/features/accounts/route-guards.server';
import { countDocumentsForEditors } from '~/features/content/documents.server';
import { countNews } from '~/features/content/news.server';
import { countEvents } from '~/features/events/events.server';
import { fileSize } from '~/features/media/limits';
import { mediaStorageUse } from '~/features/media/media.server';
import { readableAuditValue } from '~/lib/audit-text';
import { listAuditEntries } from '~/lib/audit.server';
import { formatDateTime } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/overview';

/** What the content area's changes are audited as (features/content, events, media). */
const contentRecords = ['news', 'event', 'ticket_tier', 'event_question', 'committee_term', 'committee_member', 'document', 'page', 'history_milestone', 'media'] as const;

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireContentEditor(args);
  const [news, events, documents, storage, changes] = await Promise.all([countNews(), countEvents(), countDocumentsForEditors(user), mediaStorageUse(), listAuditEntries(contentRecords)]);
  return { news, events, documents, storage: { used: storage.usedBytes, limit: storage.limitBytes }, changes };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Content');

/** "news.update" → "updated a story". */
const actionLabels: Record<string, string> = {
  'news.create': 'wrote a story',
  'news.update': 'updated a story',
  'news.delete': 'deleted a story',
  'event.create': 'added an event',
  'event.update': 'updated an event',
  'event.delete': 'deleted an event',
  'tier.create': 'added a ticket tier',
  'tier.update': 'updated a ticket tier',
  'tier.close': 'closed a ticket tier',
  'tier.open': 'reopened a ticket tier',
  'tier.delete': 'deleted a ticket tier',
  'question.create': 'added a registration question',
  'question.update': 'updated a registration question',
  'question.move': 'moved a registration question',
  'question.delete': 'deleted a registration question',
  'committee.create': 'added a committee',
  'committee.update': 'updated a committee',
  'committee.delete': 'deleted a committee',
  'committee.member.create': 'added a committee member',
  'committee.member.update': 'updated a committee member',
  'committee.member.delete': 'removed a committee member',
  'document.create': 'uploaded a document',
  'document.update': 'updated a document',
  'document.replace': 'replaced a document’s file',
  'document.delete': 'deleted a document',
  'page.update': 'updated a page',
  'milestone.create': 'added a history milestone',
  'milestone.update': 'updated a history milestone',
  'milestone.delete': 'deleted a history milestone',
  'media.upload': 'uploaded a file',
  'media.delete': 'deleted a file',
};

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function ContentOverview({ loaderData }: Route.ComponentProps) {
  const { news, events, documents, storage, changes } = loaderData;
  return (
    <>
      <ContentHeading title="Content" description="Everything the public site says: news, events, committees, documents and pages.">
        <Button asChild>
          <Link to="/admin/content/news/new">
            <Newspaper aria-hidden /> Write a story
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/content/events/new">
            <CalendarPlus aria-hidden /> Add an event
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/content/documents">
            <FilePlus2 aria-hidden /> Upload a document
          </Link>
        </Button>
      </ContentHeading>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat to="/admin/content/news?status=published" label="Stories on the site" value={news.published} detail={`${news.scheduled} scheduled · ${news.drafts} drafts`} />
        <Stat to="/admin/content/events" label="Upcoming events" value={events.upcoming} detail={`${events.drafts} drafts`} />
        <Stat to="/admin/content/documents" label="Documents" value={documents} detail="Public and members-only" />
        <Stat to="/admin/content/media" label="File storage used" value={fileSize(storage.used)} detail={`of ${fileSize(storage.limit)}`} />
      </ul>
      <Panel title="Recent changes" className="mt-8">
        {changes.length === 0 ? (
          <p className="text-muted-foreground">Nothing has been changed yet.</p>
        ) : (
          <ol className="divide-y divide-border">
            {changes.map((change) => (
              <li key={change.id} className="py-3 text-sm">
                <p className="text-navy-900">
                  <span className="font-semibold">{change.actorEmail}</span> {actionLabels[change.action] ?? change.action}
                  {change.toValue || change.fromValue ? <span className="text-slate-700">: {readableAuditValue(change.toValue ?? change.fromValue ?? '')}</span> : null}
                </p>
                <p className="mt-0.5 text-muted-foreground">
                  <time dateTime={change.createdAt.toISOString()}>{formatDateTime(change.createdAt)}</time>
                  {change.note ? ` · ${change.note}` : null}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

function Stat({ to, label, value, detail }: { to: string; label: string; value: number | string; detail: string }) {
  return (
    <li>
      <Link to={to} className="block rounded-xl border border-border bg-white p-5 shadow-sm hover:border-navy-300 hover:shadow-md">
        <p className="text-sm font-semibold text-muted-foreground">{label}</p>
        <p className="mt-1 font-display text-3xl font-bold text-navy-900">{value}</p>
        <p className="mt-1 text-sm text-slate-600">{detail}</p>
      </Link>
    </li>
  );
}
