import { Link } from 'react-router';
import { TestModeBadge } from '~/components/ui/badge';
import type { ticketSalesByEvent } from '~/features/events/attendees.server';
import { formatLongDate } from '~/lib/dates';
import { formatCents } from '~/lib/money';

type TicketSalesRow = Awaited<ReturnType<typeof ticketSalesByEvent>>[number];

/** What each event's tickets brought in, after refunds, with the totals of all events (docs/product.md#admin-dashboard). */
export function TicketSales({ sales, linkToEvents }: { sales: TicketSalesRow[]; linkToEvents: boolean }) {
  const total = (pick: (row: TicketSalesRow) => number) => sales.reduce((sum, row) => sum + pick(row), 0);
  const cell = 'px-4 py-3 text-right tabular-nums';
  return (
    <>
      <h2 className="text-2xl font-bold text-navy-900">Ticket Sales</h2>
      <p className="mb-6 text-muted-foreground">What each event’s tickets brought in, after refunds. Latest events first.</p>
      {sales.length === 0 ? (
        <p className="rounded-lg border border-border bg-white p-6 text-center text-slate-700">No tickets have been sold yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-white">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Ticket sales by event</caption>
            <thead className="bg-muted text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Event</th>
                <th scope="col" className="px-4 py-3 font-semibold">Date</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Tickets</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Paid</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Refunded</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Net</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {sales.map((row) => (
                <tr key={row.eventId}>
                  <th scope="row" className="px-4 py-3 font-semibold text-navy-900">
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
                  </th>
                  <td className="whitespace-nowrap px-4 py-3">{formatLongDate(row.startsAt, row.timeZone)}</td>
                  <td className={cell}>{row.ticketsSold}</td>
                  <td className={cell}>{formatCents(row.paidCents)}</td>
                  <td className={cell}>{formatCents(row.refundedCents)}</td>
                  <td className={`${cell} font-semibold text-navy-900`}>{formatCents(row.netCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-border font-semibold text-navy-900">
              <tr>
                <th scope="row" colSpan={2} className="px-4 py-3">
                  All events
                </th>
                <td className={cell}>{total((row) => row.ticketsSold)}</td>
                <td className={cell}>{formatCents(total((row) => row.paidCents))}</td>
                <td className={cell}>{formatCents(total((row) => row.refundedCents))}</td>
                <td className={cell}>{formatCents(total((row) => row.netCents))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
