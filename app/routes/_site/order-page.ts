/**
 * The order page's form as a page script (ADR 014): written at the end of the form
 * (OrderFormScript, with the page's questions and its seats' tiers), it checks the form with the
 * schema the server parses its post with (orderPageSchemaFor) and does what React did
 * (order-form.ts).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { orderPageSchemaFor } from '~/features/events/discounts';
import type { Question } from '~/features/events/questions';
import { enhanceOrderForm } from './order-form';

function run(script: Element | null) {
  const form = script?.closest('form');
  if (!form || !(script instanceof HTMLElement)) return;
  const questions = JSON.parse(script.dataset.questions ?? '[]') as Question[];
  const seatTierIds = JSON.parse(script.dataset.seats ?? '[]') as number[];
  const schema = orderPageSchemaFor(questions, seatTierIds);
  enhanceOrderForm(
    form,
    (formData) => {
      const submission = parseWithZod(formData, { schema });
      return submission.status === 'error' ? submission.error : null;
    },
    window,
    (section) => run(section.querySelector('form script[data-seats]')),
  );
}

run(document.currentScript);
