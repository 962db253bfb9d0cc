import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { memberImportReport } from '~/features/membership/import.server';
import { csvResponse } from '~/lib/csv';
import type { ResourceHandle } from '~/lib/page-policy';
import { isUuid } from '~/lib/params';
import type { Route } from './+types/member-import-report';

/** A confirmed member import's skipped rows as CSV (docs/product.md#member-import): row, email, problems. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdminAbility(args, 'changeMembers');
  const report = isUuid(args.params.id) ? await memberImportReport(args.params.id) : undefined;
  if (!report) throw new Response('No such import.', { status: 404 });
  return csvResponse(report.report, 'skipped-rows');
}

export const handle: ResourceHandle = { cache: 'private' };
