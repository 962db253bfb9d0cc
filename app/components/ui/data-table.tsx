import { Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '~/lib/utils';

/**
 * One column of a `DataTable`. `primary` is the row's title on a phone card (a name, an event, a
 * month); `actions` holds the row's buttons, shown next to that title; `numeric` right-aligns
 * money and counts in the wide table.
 */
export type DataColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  primary?: boolean;
  actions?: boolean;
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`): the month of a money table, say. */
  rowHeader?: boolean;
  /** Extra classes of the wide table's cells (`whitespace-nowrap`). */
  className?: string;
};

const headerCell = 'px-4 py-3 whitespace-nowrap';
const bodyCell = 'px-4 py-3 max-md:p-0 max-md:whitespace-normal';

/**
 * A table that reads on a phone (docs/architecture/pages.md#ui-conventions): from the `md` breakpoint up
 * a plain table; below it each row is a card, its `primary` cell as the title with its `actions`
 * beside it, and every other cell a line of "label … value", so name, amount, status and the row's
 * buttons are all in view without the page or the table scrolling sideways. One table in the
 * markup either way (rows stay rows for screen readers and for tests), only its look changes.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  footerRows = [],
  empty,
  busy = false,
  dense = false,
  className,
}: {
  caption: string;
  /** The caption as the table's visible heading; otherwise it is for screen readers only. */
  showCaption?: boolean;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Totals, in the table's foot, drawn with the same columns. */
  footerRows?: T[];
  /** What an empty table says. */
  empty?: ReactNode;
  /** Another page of this list is loading: a spinner covers the table. */
  busy?: boolean;
  /** Many short figures (a money table): on a phone they sit two to a line, each label above its value. */
  dense?: boolean;
  className?: string;
}) {
  const captionId = useId();
  return (
    // Wider than a tablet's screen, the table scrolls in its own box, which keyboard users can focus.
    <div className={cn('relative rounded-xl border border-border bg-white shadow-sm md:overflow-x-auto', className)} role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy}>
      {busy ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/60" role="status">
          <Loader2 className="size-8 animate-spin text-navy-700" aria-hidden />
          <span className="sr-only">Loading…</span>
        </div>
      ) : null}
      <table className="w-full text-left text-sm max-md:block">
        <caption id={captionId} className={showCaption ? 'px-4 pt-4 text-left text-base font-semibold text-navy-900 max-md:block max-md:pb-3' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="bg-muted text-xs uppercase tracking-wider text-muted-foreground max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(headerCell, column.numeric && 'text-right')}>
                {column.actions ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border max-md:block">
          {rows.length === 0 ? (
            <tr className="max-md:block">
              <td colSpan={columns.length} className="px-4 py-10 text-center text-muted-foreground max-md:block">
                {empty ?? 'No records found.'}
              </td>
            </tr>
          ) : (
            rows.map((row) => <DataRow key={rowKey(row)} row={row} columns={columns} dense={dense} />)
          )}
        </tbody>
        {footerRows.length > 0 ? (
          <tfoot className="border-t-2 border-navy-100 bg-navy-50/60 font-semibold text-navy-900 max-md:block">
            {footerRows.map((row) => (
              <DataRow key={rowKey(row)} row={row} columns={columns} dense={dense} className="border-t border-border first:border-t-0" />
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function DataRow<T>({ row, columns, dense, className }: { row: T; columns: DataColumn<T>[]; dense: boolean; className?: string }) {
  return (
    <tr
      className={cn(
        'hover:bg-navy-50/40 max-md:grid max-md:gap-x-4 max-md:gap-y-1.5 max-md:px-4 max-md:py-4',
        dense ? 'max-md:grid-cols-2 max-md:gap-y-3' : 'max-md:grid-cols-[minmax(0,1fr)_auto]',
        className,
      )}
    >
      {columns.map((column) => {
        const value = column.cell(row);
        const Cell = column.rowHeader ? 'th' : 'td';
        const place = column.primary
          ? // A name with no place to break (a pasted formula, a 75-character address) wraps anywhere rather than push a phone's page sideways.
            cn('max-md:col-start-1 max-md:row-start-1 max-md:text-base max-md:font-semibold max-md:text-navy-900 max-md:[overflow-wrap:anywhere]', dense && 'max-md:col-span-2')
          : column.actions
            ? 'max-md:col-start-2 max-md:row-start-1 max-md:self-start md:text-right'
            : dense
              ? 'max-md:flex max-md:flex-col max-md:gap-0.5'
              : 'max-md:col-span-2 max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4';
        const empty = value === null || value === undefined || value === '';
        return (
          <Cell
            key={column.header}
            scope={column.rowHeader ? 'row' : undefined}
            className={cn(bodyCell, column.numeric && 'md:text-right md:tabular-nums', column.className, place, empty && 'max-md:hidden')}
          >
            {column.primary || column.actions ? (
              value
            ) : (
              <>
                <span aria-hidden className="shrink-0 text-xs font-semibold uppercase tracking-wider text-muted-foreground md:hidden">
                  {column.header}
                </span>
                <span className={cn('min-w-0 max-md:tabular-nums max-md:[overflow-wrap:anywhere]', !dense && 'max-md:text-right')}>{value}</span>
              </>
            )}
          </Cell>
        );
      })}
    </tr>
  );
}
