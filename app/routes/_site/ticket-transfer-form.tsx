import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { UserRoundPen } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { transferSchema } from '~/features/events/transfer';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/**
 * Passing one ticket to someone else (docs/product.md#passing-a-ticket-on), under the ticket on its
 * page: the new attendee's name and, if given, where to mail the ticket. Open by itself after a
 * refused post, with what was typed and the message under the field; works without JavaScript.
 */
export function TicketTransferForm({ ticket, lastResult, hasAnswers }: { ticket: { id: number; attendeeName: string }; lastResult: SubmissionResult<string[]> | null; hasAnswers: boolean }) {
  const [form, fields] = useSchemaForm(transferSchema, { id: `transfer-${ticket.id}`, lastResult });
  const passing = useIsPending({ intent: 'transfer' });
  return (
    <details className="mt-4 border-t border-border pt-3" open={lastResult !== null}>
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-navy-700">
        <UserRoundPen className="size-4" aria-hidden />
        Pass to someone else
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <input type="hidden" name="ticketId" value={ticket.id} />
        <p className="text-sm text-slate-700">
          The ticket gets a new code and QR code: {ticket.attendeeName}’s current one will no longer admit anyone.
          {hasAnswers ? ' The answers given for this attendee are cleared.' : ''}
        </p>
        <FormField field={fields.attendeeName} label="New attendee name" autoComplete="off" />
        <FormField field={fields.attendeeEmail} label="Their email (optional)" type="email" autoComplete="off" hint="We send them the ticket. Leave empty to pass it on yourself." />
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" name="intent" value="transfer" variant="outline" disabled={passing}>
            {passing ? 'Passing on...' : 'Pass this ticket on'}
          </Button>
        </div>
      </Form>
    </details>
  );
}
