import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One row of a portal list (tickets, documents): an icon, a title, a line of details, and what can be done with it. */
export function PortalRow({ icon: Icon, title, meta, children }: { icon: LucideIcon; title: string; meta: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-4 px-5 py-4">
      <Icon className="size-6 text-gold-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-navy-900">{title}</p>
        <p className="text-sm text-muted-foreground">{meta}</p>
      </div>
      {children}
    </li>
  );
}
