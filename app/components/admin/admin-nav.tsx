import { FilePenLine, HandHeart, IdCard, Inbox, Landmark, Mail, Settings, Ticket, UserCog, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { currentPlace, type AdminPlaceKey } from '~/lib/admin-places';
import { cn } from '~/lib/utils';

const icons: Record<AdminPlaceKey, LucideIcon> = {
  members: IdCard,
  donations: HandHeart,
  tickets: Ticket,
  content: FilePenLine,
  mail: Mail,
  outbox: Inbox,
  finance: Landmark,
  settings: Settings,
  users: UserCog,
};

/** What a count beside a place means. */
const countWords: Partial<Record<AdminPlaceKey, (count: number) => string>> = {
  members: (count) => `${count} to review`,
  outbox: (count) => `${count} failed`,
};

const urgent: Partial<Record<AdminPlaceKey, boolean>> = { outbox: true };

/**
 * A bar that scrolls in its own box (`relative`, so its links' offsets are measured from it) shows
 * its current link (`aria-current="page"`) whenever `current` changes: centred, without scrolling
 * the page as scrollIntoView would.
 */
export function useCurrentInView<Box extends HTMLElement>(current: unknown) {
  const box = useRef<Box>(null);
  useEffect(() => {
    const scroller = box.current;
    const link = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!scroller || !link || scroller.scrollWidth <= scroller.clientWidth) return;
    scroller.scrollLeft = Math.max(0, link.offsetLeft - (scroller.clientWidth - link.offsetWidth) / 2);
  }, [current]);
  return box;
}

export type AdminNavPlace = { key: AdminPlaceKey; to: string; label: string };
export type AdminNavCounts = Partial<Record<AdminPlaceKey, number>>;

/**
 * The admin area's one navigation (docs/product.md#admin-navigation): the places the viewer's role
 * may open, with counts of what waits, the current place marked `aria-current="page"`. Wider than
 * the screen, it scrolls in its own box, which keeps the current place in view.
 */
export function AdminNav({ places, counts = {} }: { places: readonly AdminNavPlace[]; counts?: AdminNavCounts }) {
  const { pathname } = useLocation();
  const current = currentPlace(pathname);
  const box = useCurrentInView<HTMLDivElement>(current);
  if (places.length === 0) return null;
  return (
    <nav aria-label="Admin area" className="border-b border-border bg-white shadow-sm">
      <div className="mx-auto flex max-w-7xl items-center gap-3 sm:px-6 lg:px-8">
        <Link to="/admin" className="hidden shrink-0 text-xs font-semibold uppercase tracking-[0.2em] text-gold-700 hover:text-navy-900 md:block">
          Admin
        </Link>
        <div ref={box} className="relative min-w-0 flex-1 overflow-x-auto [scrollbar-width:thin]">
          {/* As wide as its places, with the padding at both ends inside what scrolls. */}
          <ul className="flex w-max gap-1 px-4 py-2 sm:px-0">
            {places.map((place) => {
              const Icon = icons[place.key];
              const count = counts[place.key] ?? 0;
              const isCurrent = place.key === current;
              return (
                <li key={place.key} className="shrink-0">
                  <Link
                    to={place.to}
                    aria-current={isCurrent ? 'page' : undefined}
                    // The count's meaning, for those who hear the link rather than see its badge.
                    aria-label={count > 0 ? `${place.label}, ${countWords[place.key]?.(count) ?? count}` : undefined}
                    className={cn(
                      'flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold transition-colors',
                      isCurrent ? 'bg-navy-900 text-white' : 'text-slate-700 hover:bg-navy-50 hover:text-navy-900',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    {place.label}
                    {count > 0 ? (
                      <span
                        aria-hidden
                        className={cn('min-w-5 rounded-full px-1.5 text-center text-xs font-bold leading-5', urgent[place.key] ? 'bg-red-600 text-white' : 'bg-gold-300 text-navy-950')}
                      >
                        {count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </nav>
  );
}
