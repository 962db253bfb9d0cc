import { cn } from '~/lib/utils';

/**
 * Answers to an event's registration questions (docs/product.md#tickets), as "question: answer"
 * lines that wrap on a phone: the attendees page, the ticket page and the door show them.
 */
export function AnswerList({ answers, className }: { answers: readonly { questionId: number; label: string; text: string }[]; className?: string }) {
  if (answers.length === 0) return null;
  return (
    <dl className={cn('grid gap-0.5 text-sm', className)}>
      {answers.map((answer) => (
        <div key={answer.questionId} className="flex flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{answer.label}:</dt>
          <dd className="font-medium text-navy-900">{answer.text}</dd>
        </div>
      ))}
    </dl>
  );
}
