import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';

/**
 * Above a page an editor previews before the public can see it (docs/product.md#content-area):
 * "Draft", or when it will appear, and the way back to its editor.
 */
export function DraftBanner({ label, detail, editHref }: { label: string; detail: string; editHref: string }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
        <EyeOff className="size-4 shrink-0" aria-hidden />
        <strong className="rounded bg-amber-200 px-2 py-0.5 font-bold uppercase tracking-wider">{label}</strong>
        <span>{detail}</span>
        <Link to={editHref} className="font-semibold underline underline-offset-2 hover:text-amber-950 sm:ml-auto">
          Back to the editor
        </Link>
      </div>
    </div>
  );
}
