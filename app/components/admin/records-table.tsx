import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { DataTable, type DataColumn } from '~/components/ui/data-table';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';

export type Column<T> = DataColumn<T>;

/**
 * An admin table (docs/product.md#admin-dashboard): a spinner while loading, 'No records found.' when empty, each row's
 * actions menu with 'Approve/Complete' and 'Reject' when the viewer may change records. On a phone each
 * record is a card with its actions beside its title (docs/architecture/pages.md#ui-conventions).
 */
export function RecordsTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  intent,
  approveStatus,
  canChange,
  detailHref,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  intent: string;
  approveStatus: string;
  canChange: boolean;
  detailHref?: (row: T) => string;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Another page of this list, a filter or a search is loading.
  const loading = navigation.state === 'loading' && navigation.location?.pathname === pathname;
  const actions: Column<T> = {
    header: 'Actions',
    actions: true,
    cell: (row) => <RowActions id={row.id} intent={intent} approveStatus={approveStatus} canChange={canChange} detailHref={detailHref?.(row)} />,
  };
  return <DataTable caption={caption} columns={[...columns, actions]} rows={rows} rowKey={(row) => row.id} busy={loading} empty={messages.noRecords} />;
}

function RowActions({ id, intent, approveStatus, canChange, detailHref }: { id: string; intent: string; approveStatus: string; canChange: boolean; detailHref?: string }) {
  const submit = useSubmit();
  if (!canChange && !detailHref) return null;
  const change = (status: string) => void submit({ intent, id, status }, { method: 'post', preventScrollReset: true });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="size-10 md:size-8" aria-label="Actions">
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-50 min-w-44 rounded-lg border border-border bg-white p-1 shadow-lg">
          {detailHref ? (
            <DropdownMenu.Item asChild>
              <Link to={detailHref} className="block rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-navy-50">
                View details
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {canChange ? (
            <>
              <DropdownMenu.Item onSelect={() => change(approveStatus)} className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-navy-50">
                Approve/Complete
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => change('rejected')} className="cursor-pointer rounded-md px-3 py-2 text-sm text-destructive outline-none data-[highlighted]:bg-red-50">
                Reject
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Status filter, name/email search and CSV export for an admin list; all in the URL, so they survive reload. */
export function TableTools({ list, statuses, filters }: { list: 'members' | 'donations'; statuses: readonly string[]; filters?: React.ReactNode }) {
  const [searchParams] = useSearchParams();
  const exportParams = new URLSearchParams(searchParams);
  exportParams.set('tab', list);
  exportParams.delete('page');
  const exportHref = `/admin/export.csv?${exportParams}`;
  return (
    <ListFilters idPrefix={list} statuses={statuses} searchLabel="Search name or email" filters={filters}>
      <Button asChild variant="ghost">
        <a href={exportHref} download>
          Export CSV
        </a>
      </Button>
    </ListFilters>
  );
}

/**
 * A list's status filter and search (admin tables, the content area's lists): a GET form, so the
 * choice lives in the URL and survives reload and sharing. `children` add actions after Apply.
 */
export function ListFilters({
  idPrefix,
  statuses,
  searchLabel,
  hidden = {},
  filters,
  children,
}: {
  idPrefix: string;
  statuses: readonly string[];
  searchLabel: string;
  hidden?: Record<string, string>;
  /** More filters, after Status (the Members table's Renewal). */
  filters?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-1">
        <label htmlFor={`${idPrefix}-status`} className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          Status
        </label>
        <select id={`${idPrefix}-status`} name="status" defaultValue={searchParams.get('status') ?? ''} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          <option value="">All</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      {filters}
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={`${idPrefix}-search`} className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          {searchLabel}
        </label>
        <input id={`${idPrefix}-search`} name="q" type="search" defaultValue={searchParams.get('q') ?? ''} className="h-10 rounded-md border border-slate-300 px-3 text-sm" />
      </div>
      <Button type="submit" variant="outline">
        Apply
      </Button>
      {children}
    </Form>
  );
}

/** The pager: the total (or "more than" a capped one, docs/product.md#admin-dashboard), the page, and Previous/Next. */
export function Pagination({ page, pageCount, total, moreThanTotal = false }: { page: number; pageCount: number; total: number; moreThanTotal?: boolean }) {
  const [searchParams] = useSearchParams();
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(target));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-muted-foreground">
      <span>{moreThanTotal ? `More than ${total.toLocaleString('en-US')} records · page ${page}` : `${total} ${total === 1 ? 'record' : 'records'} · page ${page} of ${pageCount}`}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page - 1)} preventScrollReset>
              Previous
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page + 1)} preventScrollReset>
              Next
            </Link>
          </Button>
        ) : null}
      </span>
    </nav>
  );
}
