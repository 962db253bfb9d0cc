import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { UserRoundPen } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import type { Question } from '~/features/events/questions';
import { transferQuestions, transferSchemaFor } from '~/features/events/transfer';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { AttendeeQuestions } from './order-questions.parts';

/**
 * Passing one ticket to someone else (docs/product.md#passing-a-ticket-on), under the ticket on its
 * page: the new attendee's name, their answers to the questions the ticket's tier asks each
 * attendee (the order page's fields and rules: transferSchemaFor), and, if given, where to mail the
 * ticket. Open by itself after a refused post, with what was typed and the message under the field;
 * works without JavaScript.
 */
export function TicketTransferForm({
  ticket,
  questions,
  lastResult,
}: {
  ticket: { id: number; attendeeName: string; tierId: number };
  questions: Question[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(transferSchemaFor(questions, ticket.tierId), { id: `transfer-${ticket.id}`, lastResult });
  const passing = useIsPending({ intent: 'transfer' });
  const asked = transferQuestions(questions, ticket.tierId);
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
          {asked.length > 0 ? ` Answer ${asked.length === 1 ? 'the question' : 'the questions'} below for the new attendee: ${ticket.attendeeName}’s answers do not go with the ticket.` : ''}
        </p>
        <FormField field={fields.attendeeName} label="New attendee name" autoComplete="off" />
        <AttendeeQuestions questions={asked} tierId={ticket.tierId} seatIndex={null} fields={fields.answers.getFieldset()} />
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
