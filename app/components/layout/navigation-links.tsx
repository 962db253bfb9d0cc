import { NavLink } from 'react-router';
import { cn } from '~/lib/utils';
import { mainNavigation } from './navigation';

/** The seven main links as a labelled list, the current page marked (the header's bar and the mobile menu). */
export function NavigationLinks({
  label,
  className,
  listClassName,
  linkClassName,
  activeClassName,
}: {
  label: string;
  className: string;
  listClassName: string;
  linkClassName: string;
  activeClassName: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {mainNavigation.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={({ isActive }) => cn(linkClassName, isActive && activeClassName)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
