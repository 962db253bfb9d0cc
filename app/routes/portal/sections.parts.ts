/**
 * The members' portal's sections (docs/product.md#members-portal), each its own page, in the order
 * of the section bar. They were tabs once (`/members-portal?tab=payments`).
 */
export const portalSections = [
  { slug: 'profile', to: '/members-portal', label: 'My Profile' },
  { slug: 'payments', to: '/members-portal/payments', label: 'My Payments' },
  { slug: 'tickets', to: '/members-portal/tickets', label: 'My Tickets' },
  { slug: 'documents', to: '/members-portal/documents', label: 'Documents' },
  { slug: 'security', to: '/members-portal/security', label: 'Security' },
] as const;
