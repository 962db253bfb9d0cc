import { Link, Outlet } from 'react-router';
import { SectionNav } from '~/components/layout/section-nav';
import { unsentMailCounts } from '~/features/mail/outbox.server';
import type { Route } from './+types/layout';
import { requireMailer } from './guard.server';

/** Mail to members (docs/product.md#mail-to-members): admins only, checked before any loader or action below. */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    await requireMailer(args);
  },
];

/** The section bar's count: mail that failed and waits for an admin (docs/product.md#the-outbox). */
export async function loader() {
  return { failed: (await unsentMailCounts()).failed };
}

export default function MailLayout({ loaderData }: Route.ComponentProps) {
  const sections = [
    { to: '/admin/mail', label: 'Messages' },
    { to: '/admin/mail/outbox', label: loaderData.failed ? `Outbox (${loaderData.failed} failed)` : 'Outbox' },
  ];
  return (
    <div className="bg-slate-50">
      <div className="border-b border-border bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-baseline justify-between gap-2 px-4 py-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-700">Mail</p>
          <Link to="/admin" className="text-sm font-semibold text-navy-700 hover:underline">
            Admin dashboard →
          </Link>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <SectionNav label="Mail sections" sections={sections} />
        <div className="mt-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
