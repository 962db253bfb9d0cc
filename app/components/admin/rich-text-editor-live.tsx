import type { FieldMetadata } from '@conform-to/react';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Loader2, Pilcrow, Quote, Redo2, Undo2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { looksLikeHtml, plainTextToRichText } from '~/lib/rich-text';
import { cn } from '~/lib/utils';

/** What was typed into the plain textarea before the editor took its place, and whether it had the focus. */
export type TypedBeforeEditor = { text: string; focused: boolean };

/**
 * The rich-text editor itself (Tiptap on ProseMirror), for ./rich-text-editor.tsx: loaded in the
 * browser once the page runs React, never on the server, which renders the plain textarea
 * (docs/architecture/server.md#memory). So it is made at once, in its first render, with what
 * was typed into the textarea meanwhile.
 */
export function LiveEditor({
  field,
  labelId,
  describedBy,
  typed,
  imageUploadUrl,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's rich-text field
  field: FieldMetadata<any, any, string[]>;
  labelId: string;
  describedBy: string | undefined;
  typed: TypedBeforeEditor | null;
  imageUploadUrl?: string;
}) {
  const initial = typeof field.initialValue === 'string' ? field.initialValue : '';
  const [html, setHtml] = useState(initial);
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: null, target: null } },
      }),
      // A picture stored without a description (before the sanitiser gave it one) shows with alt="".
      Image.configure({ inline: false, allowBase64: false, HTMLAttributes: { alt: '' } }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        id: field.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(field.errors?.length ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text min-h-64 px-4 py-3 focus:outline-none',
      },
    },
    onCreate: ({ editor: created }) => {
      if (!typed) return;
      created.commands.setContent(looksLikeHtml(typed.text) ? typed.text : plainTextToRichText(typed.text));
      if (typed.focused) created.commands.focus('end');
      setHtml(created.isEmpty ? '' : created.getHTML());
    },
    onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <div
      className={cn(
        'rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-navy-600 focus-within:outline-2 focus-within:outline-navy-300',
        field.errors?.length && 'border-destructive',
      )}
    >
      <Toolbar editor={editor} controls={field.id} imageUploadUrl={imageUploadUrl} />
      <EditorContent editor={editor} />
      <input type="hidden" name={field.name} value={html} />
    </div>
  );
}

type Panel = 'link' | 'image' | null;

function Toolbar({ editor, controls, imageUploadUrl }: { editor: Editor; controls: string; imageUploadUrl?: string }) {
  const [panel, setPanel] = useState<Panel>(null);
  const chain = () => editor.chain().focus();
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  return (
    <div className="border-b border-slate-200">
      <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="flex flex-wrap gap-0.5 p-1.5">
        <ToolButton label="Paragraph" active={editor.isActive('paragraph')} onClick={() => chain().setParagraph().run()}>
          <Pilcrow />
        </ToolButton>
        <ToolButton label="Heading" active={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 />
        </ToolButton>
        <ToolButton label="Subheading" active={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 />
        </ToolButton>
        <Separator />
        <ToolButton label="Bold" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
          <Bold />
        </ToolButton>
        <ToolButton label="Italic" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
          <Italic />
        </ToolButton>
        <ToolButton label="Link" active={editor.isActive('link') || panel === 'link'} onClick={() => toggle('link')}>
          <Link2 />
        </ToolButton>
        <Separator />
        <ToolButton label="Bulleted list" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
          <List />
        </ToolButton>
        <ToolButton label="Numbered list" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered />
        </ToolButton>
        <ToolButton label="Quote" active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>
          <Quote />
        </ToolButton>
        {imageUploadUrl ? (
          <ToolButton label="Add picture" active={panel === 'image'} onClick={() => toggle('image')}>
            <ImagePlus />
          </ToolButton>
        ) : null}
        <Separator />
        <ToolButton label="Undo" disabled={!editor.can().undo()} onClick={() => chain().undo().run()}>
          <Undo2 />
        </ToolButton>
        <ToolButton label="Redo" disabled={!editor.can().redo()} onClick={() => chain().redo().run()}>
          <Redo2 />
        </ToolButton>
      </div>
      {panel === 'link' ? <LinkPanel editor={editor} close={() => setPanel(null)} /> : null}
      {panel === 'image' && imageUploadUrl ? <ImagePanel editor={editor} uploadUrl={imageUploadUrl} close={() => setPanel(null)} /> : null}
    </div>
  );
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-10 items-center justify-center rounded text-slate-700 hover:bg-navy-50 disabled:opacity-40 aria-pressed:bg-navy-100 aria-pressed:text-navy-900 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

function Separator() {
  return <span aria-hidden className="mx-1 my-2 w-px bg-slate-200" />;
}

/** Addresses a link may go to: the same rule the server's sanitiser keeps (lib/rich-text.server.ts). */
const linkPattern = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s()-]*|\/[^\s/][^\s]*|\/)$/i;

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (!linkPattern.test(value)) {
      setError('Write a full address starting with https://, or mailto: for an email, or a page of this site starting with /.');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    close();
  };
  return (
    <div className="grid gap-2 border-t border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid gap-1">
        <label htmlFor={`${id}-href`} className="text-xs font-semibold text-navy-900">
          Link address
        </label>
        <Input
          id={`${id}-href`}
          type="url"
          value={href}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setHref(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          className="h-10"
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={apply}>
          Apply link
        </Button>
        {current ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              close();
            }}
          >
            Remove link
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ImagePanel({ editor, uploadUrl, close }: { editor: Editor; uploadUrl: string; close: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    if (!file) return setError('Choose a picture to put into the text.');
    if (!alt.trim()) return setError('Describe the picture for people who cannot see it.');
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set('file', file);
      const response = await fetch(uploadUrl, { method: 'POST', body, headers: { Accept: 'application/json' } });
      const answer = (await response.json().catch(() => ({ error: 'The picture could not be uploaded. Please try again.' }))) as { src?: string; error?: string };
      if (!response.ok || !answer.src) throw new Error(answer.error ?? 'The picture could not be uploaded. Please try again.');
      editor.chain().focus().setImage({ src: answer.src, alt: alt.trim() }).run();
      close();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'The picture could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3 border-t border-slate-200 bg-slate-50 p-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
      <div className="grid gap-1">
        <label htmlFor={`${id}-file`} className="text-xs font-semibold text-navy-900">
          Picture
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-alt`} className="text-xs font-semibold text-navy-900">
          Description (for people who cannot see it)
        </label>
        <Input id={`${id}-alt`} value={alt} maxLength={200} onChange={(event) => setAlt(event.currentTarget.value)} className="h-10" />
      </div>
      <Button type="button" size="sm" onClick={insert} disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {busy ? 'Uploading…' : 'Insert picture'}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive md:col-span-3">
          {error}
        </p>
      ) : null}
    </div>
  );
}
