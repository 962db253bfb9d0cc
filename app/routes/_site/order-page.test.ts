// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { expectSelfContained } from '../../../tests/setup/page-script';
import type { Question } from '~/features/events/questions';
import orderScript from './order-page?inline-script';

const dietary: Question = { id: 7, label: 'Dietary needs', kind: 'choice', options: ['Vegetarian', 'Halal'], required: true, scope: 'attendee', tierIds: [], atDoor: false, sortOrder: 1 };

/**
 * The order page's script as the build writes it (ADR 014): self-contained, nothing of React; it
 * checks the form it ends with the page's schema, built from its questions and seats' tiers.
 */
describe('the order form’s page script', () => {
  it('is self-contained and carries no framework', () => {
    expectSelfContained(orderScript);
  });

  it('checks the order with the schema of the page’s questions; Apply checks only the code', () => {
    document.body.innerHTML = `
      <section data-order-section><form id="order-3-4x1" method="post" action="/events/3/order?seats=4x1">
        <div><label for="order-3-4x1-attendees[0]">Ticket 1</label><input id="order-3-4x1-attendees[0]" name="attendees[0]" value="Nimal"></div>
        <div><label for="order-3-4x1-answers.q7_0">Dietary needs</label><select id="order-3-4x1-answers.q7_0" name="answers.q7_0"><option value="">Choose…</option><option>Halal</option></select></div>
        <div><label for="order-3-4x1-buyerName">Your name</label><input id="order-3-4x1-buyerName" name="buyerName" value="Nimal"></div>
        <div><label for="order-3-4x1-buyerEmail">Email</label><input id="order-3-4x1-buyerEmail" name="buyerEmail" value="nimal@example"></div>
        <div><label for="order-3-4x1-discountCode">Discount code</label><input id="order-3-4x1-discountCode" name="discountCode" value="${'X'.repeat(80)}"></div>
        <button type="submit" name="intent" value="apply" formnovalidate>Apply</button>
        <button type="submit" name="intent" value="order">Pay $40.00</button>
      </form></section>`;
    const form = document.querySelector('form')!;
    const script = document.createElement('script');
    script.dataset.questions = JSON.stringify([dietary]);
    script.dataset.seats = JSON.stringify([4]);
    form.append(script);
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    new Function(orderScript)();

    const submit = (value: string) => {
      const event = new SubmitEvent('submit', { cancelable: true, submitter: form.querySelector<HTMLButtonElement>(`button[value="${value}"]`) });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit('apply')).toBe(true);
    expect(document.getElementById('order-3-4x1-discountCode-error')?.textContent).toMatch(/A discount code has at most \d+ characters\./);
    expect(document.getElementById('order-3-4x1-answers.q7_0-error')).toBeNull();
    expect(submit('order')).toBe(true);
    expect(document.getElementById('order-3-4x1-answers.q7_0-error')?.textContent).toBe('Please choose an answer.');
    expect(document.getElementById('order-3-4x1-buyerEmail-error')?.textContent).toBe('Enter a valid email address.');
    expect(document.getElementById('order-3-4x1-attendees[0]-error')).toBeNull();
  });
});
