import { RichText } from '~/components/ui/rich-text';

/** The message as members will read it: the association's frame, the text, the unsubscribe line. */
export function MailPreview({ subject, body, audience }: { subject: string; body: string; audience: string }) {
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
