/**
 * Stored values as people read them: the product shows statuses and roles with their underscores
 * as spaces (docs/product.md#admin-dashboard), "pending_approval" → "pending approval".
 */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** "super_admin" → "super admin" */
export const roleLabel = statusLabel;
