import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Undo2 } from 'lucide-react';
import { Form, Link } from 'react-router';
import { TestModeBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { offlineMethodLabels } from '~/features/payments/offline.schema';
import { refundFormSchema } from '~/features/payments/refund.schema';
import { formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { formatCents } from '~/lib/money';

/** A payment as the admin's record pages list it, with what has been given back of it. */
export type ListedPayment = {
  id: string;
  paidAt: Date;
  description: string;
  provider: string;
  offlineMethod: keyof typeof offlineMethodLabels | null;
  receivedBy: string | null;
  offlineReference: string | null;
  amountCents: number;
  livemode: boolean;
  refundedCents: number;
  leftCents: number;
  refundable: boolean;
  /** A gift's receipts, oldest first, cancelled ones included (docs/product.md#gift-receipts). */
  receipts?: ListedReceipt[];
};

/** A gift receipt as the record's page lists it: its printed number, and whether a refund cancelled it. */
export type ListedReceipt = { number: string; cancelled: boolean; replaces: string | null; eligibleCents: number };

/** A refund the admin asked for, waiting for their confirmation. */
export type RefundAsking = { paymentId: string; amountCents: number; reason: string };

const paymentSource = (payment: ListedPayment) =>
  payment.provider === 'offline' && payment.offlineMethod
    ? `${offlineMethodLabels[payment.offlineMethod]}, received by ${payment.receivedBy ?? '—'}${payment.offlineReference ? ` (${payment.offlineReference})` : ''}`
    : payment.provider;

/**
 * The 'Payments' of an application or a donation (docs/product.md#refunds): each with its date,
 * description, source and amount, what was refunded, and, for admins, 'Refund' on card payments
 * with money left. A refund asks first, in place (it works without JavaScript).
 */
export function PaymentsList({
  payments,
  canRefund,
  asking,
  lastResult,
  resultFor,
}: {
  payments: ListedPayment[];
  canRefund: boolean;
  asking: RefundAsking | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Which payment's refund form `lastResult` belongs to. */
  resultFor: string | null;
}) {
  if (payments.length === 0) return <p className="mt-2 text-muted-foreground">No confirmed payment.</p>;
  return (
    <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-white">
      {payments.map((payment) => (
        <li key={payment.id} className="grid gap-3 px-5 py-3 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <span className="min-w-0 wrap-anywhere">
              {formatLongDate(payment.paidAt)} · {payment.description} · {paymentSource(payment)}
            </span>
            {payment.livemode ? null : <TestModeBadge />}
            <span className="text-right">
              <span className="font-semibold">{formatCents(payment.amountCents)}</span>
              {payment.refundedCents > 0 ? (
                <span className="block">
                  <span className="text-red-800">
                    {payment.leftCents === 0 ? 'Refunded' : 'Partly refunded'} · {formatCents(payment.refundedCents)} back
                  </span>{' '}
                  · {formatCents(payment.leftCents)} kept
                </span>
              ) : null}
            </span>
          </div>
          {payment.receipts?.length ? (
            <ul className="grid gap-0.5 text-muted-foreground" aria-label="Gift receipts">
              {payment.receipts.map((receipt) => (
                <li key={receipt.number}>
                  Receipt no. {receipt.number} · {formatCents(receipt.eligibleCents)}
                  {receipt.replaces ? ` · replaces no. ${receipt.replaces}` : ''}
                  {receipt.cancelled ? ' · cancelled' : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {canRefund && payment.refundable ? (
            asking?.paymentId === payment.id ? (
              <ConfirmRefund payment={payment} asking={asking} />
            ) : (
              <RefundForm payment={payment} lastResult={resultFor === payment.id ? lastResult : undefined} />
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RefundForm({ payment, lastResult }: { payment: ListedPayment; lastResult: SubmissionResult<string[]> | undefined }) {
  // Checked against what is left before the question is asked; the server checks again.
  const [form, fields] = useSchemaForm(refundFormSchema(payment.leftCents), {
    id: `refund-${payment.id}`,
    lastResult,
    defaultValue: { paymentId: payment.id, amount: (payment.leftCents / 100).toFixed(2), reason: '' },
  });
  return (
    <details open={Boolean(lastResult)} className="rounded-lg border border-border bg-slate-50 px-4 py-2">
      <summary className="cursor-pointer font-semibold text-navy-800">Refund this payment</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name={fields.paymentId.name} value={payment.id} />
        <FormField field={fields.amount} label="Amount ($)" inputMode="decimal" hint={`At most ${formatCents(payment.leftCents)}.`} />
        <FormField field={fields.reason} label="Reason" hint="Kept in the records; the payer is not shown it." />
        <Button type="submit" variant="outline" className="border-red-200 text-destructive hover:bg-red-50 sm:mt-7">
          <Undo2 aria-hidden /> Refund…
        </Button>
        <div className="sm:col-span-3">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
      </Form>
    </details>
  );
}

function ConfirmRefund({ payment, asking }: { payment: ListedPayment; asking: RefundAsking }) {
  const busy = useIsPending({ intent: 'refund' });
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-900">
        Refund {formatCents(asking.amountCents)} of this {formatCents(payment.amountCents)} payment?
      </p>
      <p className="mt-1 text-red-900">It goes back to the card it came from, the payer is told by email, and it cannot be undone. Reason: {asking.reason}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="paymentId" value={payment.id} />
          <input type="hidden" name="amount" value={(asking.amountCents / 100).toFixed(2)} />
          <input type="hidden" name="reason" value={asking.reason} />
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" variant="destructive" disabled={busy}>
            <Undo2 aria-hidden /> {busy ? 'Refunding…' : `Yes, refund ${formatCents(asking.amountCents)}`}
          </Button>
        </Form>
        <Button asChild variant="outline">
          <Link to="." replace preventScrollReset>
            Keep it
          </Link>
        </Button>
      </div>
    </div>
  );
}
