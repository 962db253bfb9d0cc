import * as Dialog from '@radix-ui/react-dialog';
import { ChevronRight, ExternalLink, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/form-field';
import { useIsPending } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { statusLabel } from '~/lib/labels';
import { cn } from '~/lib/utils';

/**
 * The content area's building blocks (docs/product.md#content-area): page headings, lists that
 * read well on a phone, status badges and the confirmation every deletion (or refund) asks for.
 */
export function ContentHeading({ title, description, back, children }: { title: string; description?: string; back?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {back ? (
          <Link to={back.to} className="text-sm font-semibold text-navy-700 hover:underline">
            ← {back.label}
          </Link>
        ) : null}
        <h1 className="mt-1 break-words text-3xl font-bold text-navy-900">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-muted-foreground">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

const badgeColours: Record<string, string> = {
  draft: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
  public: 'bg-emerald-100 text-emerald-900',
  members: 'bg-navy-100 text-navy-800',
  current: 'bg-gold-100 text-gold-700',
  closed: 'bg-slate-200 text-slate-800',
  sending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-slate-200 text-slate-800',
  failed: 'bg-red-100 text-red-900',
};

/** A piece of content's state (draft / scheduled / published) or a document's visibility. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize', badgeColours[status] ?? 'bg-slate-200 text-slate-800')}>
      {label ?? statusLabel(status)}
    </span>
  );
}

/** A list of content, one row per item: the title links to its editor; `meta` says what it is. */
export function ContentList({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-white shadow-sm">
      {children.length === 0 ? (
        <p className="px-4 py-10 text-center text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={label} className="divide-y divide-border">
          {children}
        </ul>
      )}
    </div>
  );
}

export function ContentListItem({ to, title, meta, aside }: { to: string; title: string; meta?: ReactNode; aside?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3 hover:bg-navy-50/40">
      {aside}
      <div className="min-w-0 flex-1">
        <Link to={to} className="break-words font-semibold text-navy-900 hover:underline">
          {title}
        </Link>
        {meta ? <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">{meta}</div> : null}
      </div>
      <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
    </li>
  );
}

/** A page as visitors see it (or its preview, for a draft), in a new tab. */
export function ViewOnSite({ href, label = 'View on the site' }: { href: string; label?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} target="_blank" rel="noreferrer">
        <ExternalLink aria-hidden /> {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** A white panel around a form or a group of fields, with its heading. */
/**
 * The save buttons of a story or an event: a draft is published or saved as a draft; a published
 * one is saved (staying on the site) or unpublished (docs/product.md#content-area).
 */
/**
 * A story's or an event's publishing buttons: 'Publish' and 'Save draft' for a draft, 'Save changes'
 * and 'Unpublish' once published, and 'Publish now' besides for a scheduled story.
 */
export function PublishButtons({ isDraft, isScheduled = false, saving }: { isDraft: boolean; isScheduled?: boolean; saving: boolean }) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={isDraft ? 'publish' : 'save'} disabled={saving}>
          {isDraft ? 'Publish' : 'Save changes'}
        </Button>
        {isScheduled ? (
          <Button type="submit" name="intent" value="publish-now" variant="accent" disabled={saving}>
            Publish now
          </Button>
        ) : null}
        <Button type="submit" name="intent" value={isDraft ? 'save' : 'unpublish'} variant="outline" disabled={saving}>
          {isDraft ? 'Save draft' : 'Unpublish'}
        </Button>
      </div>
      {saving ? (
        <p role="status" className="text-sm text-muted-foreground">
          Saving…
        </p>
      ) : null}
    </>
  );
}

/** The end of a page editor's form: what went wrong with the whole form, and its one save button. */
export function SaveBar({ form, saving, label }: { form: { errorId: string; errors?: string[] }; saving: boolean; label: string }) {
  return (
    <>
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" disabled={saving}>
          {label}
        </Button>
      </div>
    </>
  );
}

export function Panel({ id, title, description, children, className }: { id?: string; title?: string; description?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} className={cn('rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6', className)}>
      {title ? <h2 className="text-lg font-bold text-navy-900">{title}</h2> : null}
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className={cn(title || description ? 'mt-4' : undefined)}>{children}</div>
    </section>
  );
}

/**
 * A change that cannot be undone asks first. With JavaScript a dialog asks; without it, the first
 * press posts without `confirmed` and the page answers with `asking` set, showing the question in place.
 */
export function ConfirmAction({
  question,
  consequence,
  asking = false,
  fields = {},
  label,
  confirmLabel,
  busyLabel,
  keepLabel = 'Keep it',
  keepTo = '.',
  icon: Icon,
  intent,
  size = 'default',
}: {
  question: string;
  consequence?: string;
  asking?: boolean;
  fields?: Record<string, string>;
  /** The first button ("Delete", "Cancel ticket"). */
  label: string;
  /** The button that does it ("Yes, delete") and what it says meanwhile ("Deleting…"). */
  confirmLabel: string;
  busyLabel: string;
  keepLabel?: string;
  /** Where "Keep it" leads without JavaScript: the page itself (with its query, when it needs one). */
  keepTo?: string;
  icon: LucideIcon;
  /** The post's intent, when a page does more than one thing. */
  intent: string;
  size?: 'default' | 'sm';
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const busy = useIsPending({ intent });
  const hiddenFields = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  const confirmButton = (
    <Button type="submit" variant="destructive" disabled={busy}>
      <Icon aria-hidden /> {busy ? busyLabel : confirmLabel}
    </Button>
  );
  const explanation = consequence ?? 'This cannot be undone.';
  if (asking) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-red-900">{question}</p>
        <p className="mt-1 text-sm text-red-900">{explanation}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            {hiddenFields}
            <input type="hidden" name="confirmed" value="yes" />
            {confirmButton}
          </Form>
          <Button asChild variant="outline">
            <Link to={keepTo} replace preventScrollReset>
              {keepLabel}
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {hiddenFields}
        <Button type="submit" variant="outline" size={size} className="border-red-200 text-destructive hover:bg-red-50">
          <Icon aria-hidden /> {label}
        </Button>
      </Form>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold text-navy-900">{question}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{explanation}</Dialog.Description>
          <Form method="post" className="mt-5 flex flex-wrap gap-2">
            {hiddenFields}
            <input type="hidden" name="confirmed" value="yes" />
            {confirmButton}
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                {keepLabel}
              </Button>
            </Dialog.Close>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Deleting asks first (ConfirmAction with the words of deletion). */
export function ConfirmDelete({
  what,
  label = 'Delete',
  intent = 'delete',
  ...rest
}: {
  /** "this story", "the 2020/2022 committee". */
  what: string;
  consequence?: string;
  asking?: boolean;
  fields?: Record<string, string>;
  label?: string;
  intent?: string;
}) {
  return <ConfirmAction question={`Delete ${what}?`} label={label} confirmLabel="Yes, delete" busyLabel="Deleting…" icon={Trash2} intent={intent} {...rest} />;
}

/**
 * The foot of an item in the event editor's list panels (registration questions, discount codes): the
 * delete confirmation while it asks, then the item's edit form folded away, open after a failed save.
 */
export function ItemEditFold({
  asking,
  deletion,
  open,
  summary,
  children,
}: {
  asking: boolean;
  deletion: Parameters<typeof ConfirmDelete>[0];
  open: boolean;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {asking ? (
        <div className="mt-3">
          <ConfirmDelete {...deletion} asking />
        </div>
      ) : null}
      <details className="mt-3" open={open}>
        <summary className="cursor-pointer text-sm font-semibold text-navy-700">{summary}</summary>
        {children}
      </details>
    </>
  );
}
