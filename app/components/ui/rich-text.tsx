import { cn } from '~/lib/utils';

/**
 * Rich text an editor wrote (a story, an event's description, a page). The HTML was sanitised on
 * the server before it was stored (app/lib/rich-text.server.ts, docs/architecture/media.md), so it
 * is rendered as it is.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
