import { Ban, Search, Undo2 } from 'lucide-react';
import { Form, useSearchParams } from 'react-router';
import { ConfirmAction, Panel } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import type { Attendee, EventOrder } from '~/features/events/attendees.server';
import { freedSeatsForecast, freedSeatsSentence } from '~/features/events/waitlist';
import { formatDateTime } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import { cn } from '~/lib/utils';
import type { Route } from './+types/event-tickets';
import { AnswerList } from '~/components/ui/answer-list';

type Data = Route.ComponentProps['loaderData'];

const ticketStatusLabels: Record<Attendee['status'], string> = { held: 'Awaiting payment', valid: 'Valid', checked_in: 'Checked in', cancelled: 'Cancelled', released: 'Released' };
const orderStatusLabels: Record<EventOrder['status'], string> = { pending_payment: 'Awaiting payment', confirmed: 'Confirmed', expired: 'Expired', cancelled: 'Cancelled' };
const paymentStatusLabels: Record<string, string> = { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded' };

function Pill({ tone, children }: { tone: 'green' | 'blue' | 'grey' | 'amber'; children: string }) {
  const tones = { green: 'bg-emerald-100 text-emerald-900', blue: 'bg-navy-100 text-navy-800', grey: 'bg-slate-200 text-slate-800', amber: 'bg-amber-100 text-amber-900' };
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

const ticketTone = (status: Attendee['status']) => (status === 'valid' ? 'green' : status === 'checked_in' ? 'blue' : 'grey');

/** An event's tickets page (docs/product.md#tickets-for-the-committee): tickets sold, checked in and left per tier, and the money net of refunds. */
export function SalesAndMoney({ tiers, money }: Pick<Data, 'tiers' | 'money'>) {
  const sold = tiers.reduce((total, tier) => total + tier.sold, 0);
  const checkedIn = tiers.reduce((total, tier) => total + tier.checkedIn, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px] lg:items-start">
      <Panel title="Sales by tier">
        {tiers.length === 0 ? (
          <p className="text-sm text-slate-700">This event has no ticket tiers yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tickets sold, checked in and left per tier</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Tier
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Sold
                  </th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                    Checked in
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-semibold">
                    Left
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {tiers.map((tier) => (
                  <tr key={tier.tierId}>
                    <th scope="row" className="py-2 pr-3 font-semibold text-navy-900">
                      {tier.name}
                      <span className="block text-xs font-normal text-slate-600">{tier.cap} seats</span>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{tier.sold}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{tier.checkedIn}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{Math.max(0, tier.cap - tier.sold)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-border font-semibold text-navy-900">
                <tr>
                  <th scope="row" className="py-2 pr-3">
                    All tiers
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{sold}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{checkedIn}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </Panel>
      <Panel title="Money">
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-slate-700">Paid</dt>
          <dd className="text-right font-semibold tabular-nums text-navy-900">{formatCents(money.paidCents)}</dd>
          <dt className="text-slate-700">Refunded</dt>
          <dd className="text-right font-semibold tabular-nums text-navy-900">{formatCents(money.refundedCents)}</dd>
          <dt className="border-t border-border pt-2 font-semibold text-navy-900">Net</dt>
          <dd className="border-t border-border pt-2 text-right text-lg font-bold tabular-nums text-navy-900">{formatCents(money.netCents)}</dd>
        </dl>
      </Panel>
    </div>
  );
}

/** Everyone with a ticket, with the search; staff who may refund cancel a valid ticket here, after a confirmation (`asking`). */
export function Attendees({ attendees, tiers, search, canCancel, asking, timeZone }: Pick<Data, 'attendees' | 'tiers' | 'search' | 'canCancel'> & { asking: string | null; timeZone: string }) {
  const [searchParams] = useSearchParams();
  return (
    <section aria-labelledby="attendees-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="attendees-heading" className="text-2xl font-bold text-navy-900">
          Attendees
        </h2>
        <Form method="get" role="search" className="flex w-full gap-2 sm:w-auto sm:min-w-[26rem]">
          <label htmlFor="attendee-search" className="sr-only">
            Search attendees
          </label>
          <Input id="attendee-search" name="q" type="search" defaultValue={searchParams.get('q') ?? ''} placeholder="Name, email or ticket code" maxLength={100} />
          <Button type="submit" variant="outline">
            <Search aria-hidden /> Search
          </Button>
        </Form>
      </div>
      {attendees.length === 0 ? (
        <p className="mt-4 rounded-lg border border-border bg-white p-6 text-center text-slate-700">{search ? `No attendee matches “${search}”.` : 'Nobody has a ticket yet.'}</p>
      ) : (
        <ul aria-label="Attendees" className="mt-4 divide-y divide-border overflow-hidden rounded-lg border border-border bg-white">
          {attendees.map((attendee) => (
            <li key={attendee.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
                  {attendee.attendeeName} <Pill tone={ticketTone(attendee.status)}>{ticketStatusLabels[attendee.status]}</Pill>
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-700">
                  <span>{attendee.tierName}</span>
                  <span className="font-mono">{attendee.code}</span>
                  <span className="break-all">
                    {attendee.buyerName} · {attendee.buyerEmail}
                  </span>
                  {attendee.checkedInAt ? <span>In at {formatDateTime(attendee.checkedInAt, timeZone)}</span> : null}
                  {attendee.refundedCents > 0 ? <span>Refunded {formatCents(attendee.refundedCents)}</span> : null}
                </p>
                <AnswerList answers={attendee.answers} className="mt-1" />
              </div>
              {canCancel && attendee.status === 'valid' ? (
                <ConfirmAction
                  intent="cancel-ticket"
                  fields={{ id: String(attendee.id), order: attendee.orderId }}
                  asking={asking === `cancel-ticket${attendee.id}`}
                  size="sm"
                  icon={Ban}
                  label="Cancel"
                  question={`Cancel ${attendee.attendeeName}’s ticket ${attendee.code}?`}
                  consequence={`${attendee.priceCents > 0 ? `${formatCents(attendee.priceCents)} is refunded to the buyer. ` : ''}${freedSeatsSentence(freedSeatsForecast([attendee.tierId], tiers))} The buyer is told by email.`}
                  confirmLabel="Yes, cancel the ticket"
                  busyLabel="Cancelling…"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The orders, newest first, with their payments; staff who may refund cancel or refund a whole order, after a confirmation. */
export function Orders({ orders, tiers, canCancel, asking, timeZone }: Pick<Data, 'orders' | 'tiers' | 'canCancel'> & { asking: string | null; timeZone: string }) {
  return (
    <section aria-labelledby="orders-heading" className="mt-10">
      <h2 id="orders-heading" className="text-2xl font-bold text-navy-900">
        Orders
      </h2>
      <p className="text-muted-foreground">Newest first, with their payments. Unpaid orders whose hold ran out are not listed.</p>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-lg border border-border bg-white p-6 text-center text-slate-700">No orders yet.</p>
      ) : (
        <ul aria-label="Orders" className="mt-4 grid gap-3">
          {orders.map((order) => (
            <li key={order.id} className="rounded-lg border border-border bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-navy-900">
                    {order.buyerName}
                    <Pill tone={order.status === 'confirmed' ? 'green' : order.status === 'pending_payment' ? 'amber' : 'grey'}>{orderStatusLabels[order.status]}</Pill>
                  </p>
                  <p className="break-all text-sm text-slate-700">{order.buyerEmail}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    {formatDateTime(order.createdAt, timeZone)} · {order.tickets.length} {order.tickets.length === 1 ? 'ticket' : 'tickets'}:{' '}
                    {order.tickets.map((ticket) => `${ticket.code}${ticket.status === 'cancelled' ? ' (cancelled)' : ticket.status === 'checked_in' ? ' (in)' : ''}`).join(', ')}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="text-lg font-bold tabular-nums text-navy-900">{order.totalCents > 0 ? formatCents(order.totalCents) : 'Free'}</p>
                  {order.discount ? (
                    <p className="text-emerald-800">
                      Code {order.discount.code} · −{formatCents(order.discount.cents)}
                    </p>
                  ) : null}
                  {order.payment ? (
                    <p className="text-slate-700">
                      {paymentStatusLabels[order.payment.status] ?? order.payment.status}
                      {order.payment.refundedCents > 0 ? ` · ${formatCents(order.payment.refundedCents)} back` : ''}
                      {order.payment.livemode ? '' : ' · test'}
                    </p>
                  ) : null}
                </div>
              </div>
              {canCancel && order.cancellable ? (
                <div className="mt-3">
                  <ConfirmAction
                    intent="cancel-order"
                    fields={{ id: order.id, order: order.id }}
                    asking={asking === `cancel-order${order.id}`}
                    size="sm"
                    icon={order.totalCents > 0 ? Undo2 : Ban}
                    label={order.totalCents > 0 ? 'Refund the order' : 'Cancel the order'}
                    question={order.totalCents > 0 ? `Refund ${order.buyerName}’s order?` : `Cancel ${order.buyerName}’s order?`}
                    consequence={`Every ticket of it not yet used is cancelled${order.totalCents > 0 ? ', and what they cost is refunded to the card' : ''}. ${freedSeatsSentence(
                      freedSeatsForecast(
                        order.tickets.filter((ticket) => ticket.status === 'valid').map((ticket) => ticket.tierId),
                        tiers,
                      ),
                    )} The buyer is told by email.`}
                    confirmLabel={order.totalCents > 0 ? 'Yes, refund it' : 'Yes, cancel it'}
                    busyLabel={order.totalCents > 0 ? 'Refunding…' : 'Cancelling…'}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
