import { formatCents } from '~/lib/money';

/**
 * The event page's ticket card (routes/_site/ticket-card.parts.tsx) without React: each quantity button
 * steps its field within 0 and the field's max, a typed quantity is brought within them, and the
 * total line follows ('Total (2 tickets)', '$150.00', as the server writes money). The fields and
 * the post work without any script; this only keeps the buttons and the total in step. Runs once
 * per form: the page's own script, or React's effect when React renders the card.
 *
 * The card marks what it needs: `data-price-cents` on each quantity field, `data-step` and
 * `aria-controls` on its buttons, `data-ticket-count` and `data-ticket-total` on the total line.
 */
export function enhanceTicketCard(form: HTMLFormElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';
  const fields = () => Array.from(form.querySelectorAll<HTMLInputElement>('input[data-price-cents]'));
  const clamp = (field: HTMLInputElement, quantity: number) => Math.min(Math.max(Math.trunc(quantity) || 0, 0), Number(field.max));
  const update = () => {
    let quantity = 0;
    let cents = 0;
    for (const field of fields()) {
      const value = clamp(field, Number(field.value));
      quantity += value;
      cents += value * Number(field.dataset.priceCents);
      for (const button of Array.from(form.querySelectorAll<HTMLButtonElement>(`[aria-controls="${field.id}"]`))) {
        button.disabled = Number(button.dataset.step) < 0 ? value <= 0 : value >= Number(field.max);
      }
    }
    const count = form.querySelector('[data-ticket-count]');
    if (count) count.textContent = quantity > 0 ? `Total (${quantity} ${quantity === 1 ? 'ticket' : 'tickets'})` : 'Total';
    const total = form.querySelector('[data-ticket-total]');
    if (total) total.textContent = formatCents(cents);
  };
  form.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-step]') : null;
    const field = button ? form.querySelector<HTMLInputElement>(`#${button.getAttribute('aria-controls')}`) : null;
    if (!button || !field) return;
    field.value = String(clamp(field, Number(field.value) + Number(button.dataset.step)));
    update();
  });
  form.addEventListener('input', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.matches('input[data-price-cents]') || field.value === '') return update();
    const value = clamp(field, Number(field.value));
    if (String(value) !== field.value) field.value = String(value);
    update();
  });
  update();
}
