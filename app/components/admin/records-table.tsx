import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Loader2, MoreHorizontal } from 'lucide-react';
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { statusLabel } from '~/lib/labels';
import { messages } from '~/lib/messages';

export type Column<T> = { header: string; cell: (row: T) => React.ReactNode; className?: string };

/**
 * An admin table (docs/product.md#admin-dashboard): a spinner while loading, 'No records found.' when empty, each row's
 * actions menu with 'Approve/Complete' and 'Reject' when the viewer may change records.
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
  return (
    // Scrolls sideways on a phone: a region keyboard users can focus and scroll, as the finance tables.
    <div className="relative overflow-x-auto rounded-xl border border-border bg-white shadow-sm" role="region" aria-label={caption} tabIndex={0} aria-busy={loading}>
      {loading ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/60" role="status">
          <Loader2 className="size-8 animate-spin text-navy-700" aria-hidden />
          <span className="sr-only">Loading…</span>
        </div>
      ) : null}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`whitespace-nowrap px-4 py-3 ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-10 text-center text-muted-foreground">
                {messages.noRecords}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="hover:bg-navy-50/40">
                {columns.map((column) => (
                  <td key={column.header} className={`px-4 py-3 ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="px-4 py-3 text-right">
                  <RowActions id={row.id} intent={intent} approveStatus={approveStatus} canChange={canChange} detailHref={detailHref?.(row)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function RowActions({ id, intent, approveStatus, canChange, detailHref }: { id: string; intent: string; approveStatus: string; canChange: boolean; detailHref?: string }) {
  const submit = useSubmit();
  if (!canChange && !detailHref) return null;
  const change = (status: string) => void submit({ intent, id, status }, { method: 'post', preventScrollReset: true });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Actions">
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
export function TableTools({ list, statuses }: { list: 'members' | 'donations'; statuses: readonly string[] }) {
  const [searchParams] = useSearchParams();
  const exportParams = new URLSearchParams(searchParams);
  exportParams.set('tab', list);
  exportParams.delete('page');
  const exportHref = `/admin/export.csv?${exportParams}`;
  return (
    <ListFilters idPrefix={list} statuses={statuses} searchLabel="Search name or email">
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
  children,
}: {
  idPrefix: string;
  statuses: readonly string[];
  searchLabel: string;
  hidden?: Record<string, string>;
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

export function Pagination({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const [searchParams] = useSearchParams();
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(target));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-muted-foreground">
      <span>
        {total} {total === 1 ? 'record' : 'records'} · page {page} of {pageCount}
      </span>
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
