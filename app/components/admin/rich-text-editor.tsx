import type { FieldMetadata } from '@conform-to/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '~/components/ui/form-field';
import type { LiveEditor, TypedBeforeEditor } from './rich-text-editor-live';

/** The editor's code, asked for as soon as this module runs in the browser (with the route's own
 * code, before React hydrates the page), so that the textarea gives way to it right after hydration,
 * not a moment later under the visitor's pointer: a late swap moved what is below it as a volunteer
 * (or a journey) clicked there. The server never runs it. */
const liveEditor = typeof document === 'undefined' ? null : import('./rich-text-editor-live');

/**
 * The rich-text editor of the content area (docs/product.md#content-area): headings, bold and
 * italic, links, lists, quotes and pictures, with a toolbar a volunteer can read. Its HTML travels
 * in a hidden field named like the form field and is sanitised on the server before it is stored.
 * Without JavaScript it is a plain textarea: blank lines make paragraphs.
 *
 * The editor (Tiptap, ProseMirror: ./rich-text-editor-live.tsx) is loaded once React runs in the
 * browser; the server renders the textarea and never loads it (docs/architecture/server.md#memory).
 * What was typed into the textarea meanwhile is kept, not lost.
 */
export function RichTextEditor({
  field,
  label,
  hint,
  imageUploadUrl,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's rich-text field
  field: FieldMetadata<any, any, string[]>;
  label: string;
  hint?: string;
  /** Where pictures put into the text are uploaded; without it the editor offers no picture button. */
  imageUploadUrl?: string;
}) {
  const labelId = useId();
  const hintId = hint ? `${field.id}-hint` : undefined;
  const initial = typeof field.initialValue === 'string' ? field.initialValue : '';
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [live, setLive] = useState<{ Editor: typeof LiveEditor; typed: TypedBeforeEditor | null } | null>(null);
  useEffect(() => {
    let mounted = true;
    void (liveEditor ?? import('./rich-text-editor-live')).then(({ LiveEditor: Editor }) => {
      if (!mounted) return;
      // Read as the editor takes the textarea's place, so nothing typed until then is lost.
      const element = textarea.current;
      const typed = element && element.value !== initial ? { text: element.value, focused: document.activeElement === element } : null;
      setLive({ Editor, typed });
    });
    return () => {
      mounted = false;
    };
  }, [initial]);
  const describedBy = [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="grid content-start gap-1.5">
      {live ? (
        <p id={labelId} className="text-sm font-semibold text-navy-900">
          {label}
        </p>
      ) : (
        <label id={labelId} htmlFor={field.id} className="text-sm font-semibold text-navy-900">
          {label}
        </label>
      )}
      {live ? (
        <live.Editor field={field} labelId={labelId} describedBy={describedBy} typed={live.typed} imageUploadUrl={imageUploadUrl} />
      ) : (
        <textarea
          ref={textarea}
          id={field.id}
          name={field.name}
          defaultValue={initial}
          rows={12}
          aria-describedby={describedBy}
          aria-invalid={field.errors?.length ? true : undefined}
          className="min-h-64 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-destructive"
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {live ? hint : `${hint} Leave a blank line between paragraphs.`}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
