// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { enhanceTicketCard } from './ticket-card';

/** The card as routes/_site/ticket-card.parts.tsx writes it: two tiers, $75.00 (at most 4) and free (at most 2). */
function card(): HTMLFormElement {
  document.body.innerHTML = `
    <form>
      <button type="button" aria-controls="qty-1" data-step="-1" disabled>−</button>
      <input id="qty-1" name="qty-1" type="number" min="0" max="4" value="0" data-price-cents="7500">
      <button type="button" aria-controls="qty-1" data-step="1">+</button>
      <button type="button" aria-controls="qty-2" data-step="-1" disabled>−</button>
      <input id="qty-2" name="qty-2" type="number" min="0" max="2" value="0" data-price-cents="0">
      <button type="button" aria-controls="qty-2" data-step="1">+</button>
      <p><span data-ticket-count>Total</span><span data-ticket-total>$0.00</span></p>
    </form>`;
  return document.querySelector('form')!;
}

const button = (field: string, step: 1 | -1) => document.querySelector<HTMLButtonElement>(`[aria-controls="${field}"][data-step="${step}"]`)!;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const total = () => [document.querySelector('[data-ticket-count]')!.textContent, document.querySelector('[data-ticket-total]')!.textContent];

describe('the ticket card without React', () => {
  beforeEach(() => enhanceTicketCard(card()));

  it('steps a quantity with its buttons and keeps the total line in step', () => {
    button('qty-1', 1).click();
    button('qty-1', 1).click();
    expect(field('qty-1').value).toBe('2');
    expect(total()).toEqual(['Total (2 tickets)', '$150.00']);
    button('qty-2', 1).click();
    expect(total()).toEqual(['Total (3 tickets)', '$150.00']);
    button('qty-1', -1).click();
    button('qty-2', -1).click();
    expect(total()).toEqual(['Total (1 ticket)', '$75.00']);
  });

  it('never goes below 0 or above the most a tier sells, and says so with the buttons', () => {
    expect(button('qty-1', -1).disabled).toBe(true);
    for (let click = 0; click < 6; click += 1) button('qty-1', 1).click();
    expect(field('qty-1').value).toBe('4');
    expect(button('qty-1', 1).disabled).toBe(true);
    expect(button('qty-1', -1).disabled).toBe(false);
    expect(total()).toEqual(['Total (4 tickets)', '$300.00']);
  });

  it('brings a typed quantity within bounds', () => {
    const typed = (value: string) => {
      field('qty-1').value = value;
      field('qty-1').dispatchEvent(new Event('input', { bubbles: true }));
    };
    typed('9');
    expect(field('qty-1').value).toBe('4');
    typed('-3');
    expect(field('qty-1').value).toBe('0');
    typed('2.7');
    expect(field('qty-1').value).toBe('2');
    expect(total()).toEqual(['Total (2 tickets)', '$150.00']);
    typed('');
    expect(total()).toEqual(['Total', '$0.00']);
  });

  it('enhances a form once, however often it is asked', () => {
    const form = document.querySelector('form')!;
    enhanceTicketCard(form);
    button('qty-1', 1).click();
    expect(field('qty-1').value).toBe('1');
  });
});
