import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { ClipboardList } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/form-field';
import { missingAnswersSchemaFor, type Question } from '~/features/events/questions';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { AttendeeQuestions } from './order-questions.parts';

/**
 * The required answers a ticket lacks (docs/product.md#tickets), asked under it on its page: a
 * question the committee added after the order, or a ticket passed on before passing asked them.
 * The order page's fields and rules (missingAnswersSchemaFor), in the browser and in the action;
 * works without JavaScript.
 */
export function TicketAnswersForm({
  ticket,
  missing,
  lastResult,
}: {
  ticket: { id: number; attendeeName: string; tierId: number };
  missing: Question[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(missingAnswersSchemaFor(missing), { id: `answers-${ticket.id}`, lastResult });
  const saving = useIsPending({ intent: 'answers' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4">
      <input type="hidden" name="ticketId" value={ticket.id} />
      <p className="flex items-center gap-2 font-semibold text-navy-900">
        <ClipboardList className="size-4 text-gold-700" aria-hidden />
        {missing.length === 1 ? 'An answer is missing' : 'Answers are missing'}
      </p>
      <p className="text-sm text-slate-700">
        The committee needs {missing.length === 1 ? 'this answer' : 'these answers'} for <span className="[overflow-wrap:anywhere]">{ticket.attendeeName}</span> before the event.
      </p>
      <AttendeeQuestions questions={missing} tierId={ticket.tierId} seatIndex={null} fields={fields.answers.getFieldset()} />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" name="intent" value="answers" variant="accent" disabled={saving}>
          {saving ? 'Saving...' : 'Save answers'}
        </Button>
      </div>
    </Form>
  );
}
