import { TriangleAlert } from 'lucide-react';

export type SiteHealthNotice = { id: string; title: string; detail: string; action: string };

/**
 * Above every admin page while the site runs degraded (docs/product.md#site-health): what is wrong,
 * what it means, and what whoever runs the server does about it. Nothing when all is well.
 */
export function SiteHealthBanner({ notices }: { notices: SiteHealthNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="site-health-title" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto max-w-7xl px-4 py-4 text-sm text-amber-950 sm:px-6 lg:px-8">
        <h2 id="site-health-title" className="flex items-center gap-2 font-bold">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {notices.length === 1 ? 'This site is not fully working' : `This site is not fully working (${notices.length} problems)`}
        </h2>
        <ul className="mt-2 grid gap-2">
          {notices.map((notice) => (
            <li key={notice.id} data-notice={notice.id} className="break-words">
              <strong>{notice.title}.</strong> {notice.detail} <span className="font-semibold">What to do:</span> {notice.action}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
