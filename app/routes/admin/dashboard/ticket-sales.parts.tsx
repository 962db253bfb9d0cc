import { Link } from 'react-router';
import { TestModeBadge } from '~/components/ui/badge';
import { DataTable } from '~/components/ui/data-table';
import type { ticketSalesByEvent } from '~/features/events/attendees.server';
import { formatLongDate } from '~/lib/dates';
import { formatCents } from '~/lib/money';

type TicketSalesRow = Awaited<ReturnType<typeof ticketSalesByEvent>>[number];
type Line = Pick<TicketSalesRow, 'ticketsSold' | 'paidCents' | 'refundedCents' | 'netCents'> & { key: string; event: React.ReactNode; date: string | null };

/** What each event's tickets brought in, after refunds, with the totals of all events (docs/product.md#admin-dashboard). */
export function TicketSales({ sales, linkToEvents }: { sales: TicketSalesRow[]; linkToEvents: boolean }) {
  const total = (pick: (row: TicketSalesRow) => number) => sales.reduce((sum, row) => sum + pick(row), 0);
  const lines: Line[] = sales.map((row) => ({
    ...row,
    key: String(row.eventId),
    date: formatLongDate(row.startsAt, row.timeZone),
    event: (
      <span className="inline-flex flex-wrap items-center gap-2">
        {linkToEvents ? (
          <Link to={`/admin/content/events/${row.eventId}/tickets`} className="underline underline-offset-2">
            {row.title}
          </Link>
        ) : (
          row.title
        )}
        {row.testMode ? <TestModeBadge /> : null}
      </span>
    ),
  }));
  const totals: Line = {
    key: 'total',
    event: 'All events',
    date: null,
    ticketsSold: total((row) => row.ticketsSold),
    paidCents: total((row) => row.paidCents),
    refundedCents: total((row) => row.refundedCents),
    netCents: total((row) => row.netCents),
  };
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Ticket Sales</h2>
      <p className="mb-6 text-muted-foreground">What each event’s tickets brought in, after refunds. Latest events first.</p>
      {sales.length === 0 ? (
        <p className="rounded-lg border border-border bg-white p-6 text-center text-slate-700">No tickets have been sold yet.</p>
      ) : (
        <DataTable
          caption="Ticket sales by event"
          rows={lines}
          footerRows={[totals]}
          rowKey={(line) => line.key}
          columns={[
            { header: 'Event', rowHeader: true, primary: true, cell: (line) => line.event, className: 'font-semibold text-navy-900' },
            { header: 'Date', cell: (line) => line.date, className: 'whitespace-nowrap' },
            { header: 'Tickets', numeric: true, cell: (line) => line.ticketsSold },
            { header: 'Paid', numeric: true, cell: (line) => formatCents(line.paidCents) },
            { header: 'Refunded', numeric: true, cell: (line) => formatCents(line.refundedCents) },
            { header: 'Net', numeric: true, cell: (line) => formatCents(line.netCents), className: 'font-semibold text-navy-900' },
          ]}
        />
      )}
    </>
  );
}
