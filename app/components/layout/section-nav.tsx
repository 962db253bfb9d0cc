import { NavLink } from 'react-router';
import { cn } from '~/lib/utils';

/**
 * The bar of a page's sections, as tabs look (the admin dashboard, the members' portal): each
 * section is its own address, so a plain link, with `aria-current="page"` on the one shown.
 * Wider than the screen, the tabs wrap onto a second line, so every one (and the current one) is
 * in view on a phone without scrolling (docs/architecture/pages.md#ui-conventions).
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly { to: string; label: string; end?: boolean }[] }) {
  return (
    <nav aria-label={label} className="rounded-lg bg-muted p-1">
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => (
          <li key={section.to} className="flex-1">
            <NavLink
              to={section.to}
              end={section.end ?? true}
              preventScrollReset
              className={({ isActive }) =>
                cn('block whitespace-nowrap rounded-md px-4 py-2 text-center text-sm font-semibold text-slate-600 hover:text-navy-900', isActive && 'bg-white text-navy-900 shadow-sm')
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
