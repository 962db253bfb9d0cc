/** The header's seven links (docs/product.md#site-layout), in order. `end` marks links that match their own path only. */
export const mainNavigation = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About', end: false },
  { to: '/events', label: 'Events', end: false },
  { to: '/committees', label: 'Committees', end: false },
  { to: '/news', label: 'News', end: false },
  { to: '/membership', label: 'Membership', end: false },
  { to: '/donate', label: 'Donate', end: false },
] as const;

/** The footer's quick links (docs/product.md#site-layout). */
export const footerQuickLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/events', label: 'Events' },
  { to: '/committees', label: 'Committees' },
  { to: '/news', label: 'News' },
  { to: '/membership', label: 'Membership' },
] as const;

/** The footer's legal links (docs/product.md#site-layout): pages editors write in the content area. */
export const legalLinks = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;
