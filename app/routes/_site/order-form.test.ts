// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Validate } from '~/islands/schema-form';
import { enhanceOrderForm } from './order-form';

/** The order page's section as the server writes it (Conform's ids): two names, a yes/no question, the code, the two buttons. */
function orderSection(total = '$150.00', extra = ''): string {
  return `
    <section data-order-section>
      <form id="order-3-4x2" method="post" action="/events/3/order?seats=4x2" novalidate>
        <div><label for="order-3-4x2-attendees[0]">Ticket 1</label><input id="order-3-4x2-attendees[0]" name="attendees[0]"></div>
        <div><label for="order-3-4x2-buyerEmail">Email</label><input id="order-3-4x2-buyerEmail" name="buyerEmail" type="email"></div>
        <fieldset${extra}><legend>Parking</legend>
          <div><label><input type="radio" id="order-3-4x2-answers.q7" name="answers.q7" value="yes">Yes</label><label><input type="radio" name="answers.q7" value="no">No</label></div>
        </fieldset>
        <div><label for="order-3-4x2-discountCode">Discount code</label><input id="order-3-4x2-discountCode" name="discountCode">
          <button type="submit" name="intent" value="apply" formnovalidate>Apply</button></div>
        <button type="submit" name="intent" value="order">Pay ${total}</button>
      </form>
      <div data-summary>Total ${total}</div>
    </section>`;
}

/** The rules of the order page's schema: 'apply' checks only the code; the order every field. */
const validate: Validate = (formData) => {
  const posted = Object.fromEntries(formData) as Record<string, string | undefined>;
  const errors: Record<string, string[]> = {};
  if ((posted.discountCode ?? '').length > 5) errors.discountCode = ['A discount code has at most 5 characters.'];
  if (posted.intent !== 'apply') {
    if (!posted['attendees[0]']) errors['attendees[0]'] = ['Give a name.'];
    if (!(posted.buyerEmail ?? '').includes('@')) errors.buyerEmail = ['Enter a valid email address.'];
    if (!posted['answers.q7']) errors['answers.q7'] = ['Please choose an answer.'];
  }
  return Object.keys(errors).length ? errors : null;
};

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const button = (value: string) => document.querySelector<HTMLButtonElement>(`button[value="${value}"]`)!;
const submit = (value: string) => {
  const form = document.querySelector('form')!;
  const event = new SubmitEvent('submit', { cancelable: true, submitter: button(value) });
  form.dispatchEvent(event);
  return event.defaultPrevented;
};

/** The page with its form run, and the server's answer to the next post. */
function page(answer: string) {
  document.body.innerHTML = orderSection();
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(`<!doctype html><html><body><main>${answer}</main></body></html>`, { headers: { 'Content-Type': 'text/html' } }));
  const location = { replace: vi.fn(), assign: vi.fn() };
  const win = Object.assign(Object.create(window) as typeof window, { fetch, location, DOMParser: window.DOMParser, document, addEventListener: window.addEventListener.bind(window) });
  const answered: Element[] = [];
  const run = (form: HTMLFormElement) => enhanceOrderForm(form, validate, win, (section) => answered.push(section));
  run(document.querySelector('form')!);
  return { fetch, location, answered };
}

const fill = () => {
  field('attendees[0]').value = 'Anjali Perera';
  field('buyerEmail').value = 'anjali@example.org';
  document.querySelector<HTMLInputElement>('input[value="yes"]')!.checked = true;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the order form without React', () => {
  it('stops a wrong order before any request: the messages under the fields, the question’s on its fieldset', () => {
    const { fetch } = page('');
    field('buyerEmail').value = 'not-an-address';
    expect(submit('order')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById('order-3-4x2-buyerEmail-error')?.textContent).toBe('Enter a valid email address.');
    expect(document.activeElement).toBe(field('attendees[0]'));
    const fieldset = document.querySelector('fieldset')!;
    expect(fieldset.getAttribute('aria-invalid')).toBe('true');
    expect(fieldset.getAttribute('aria-describedby')).toBe('order-3-4x2-answers.q7-error');
    expect(fieldset.lastElementChild?.textContent).toBe('Please choose an answer.');
    // Answered: the message goes on input, and the fieldset says so.
    const yes = document.querySelector<HTMLInputElement>('input[value="yes"]')!;
    yes.checked = true;
    yes.dispatchEvent(new Event('input', { bubbles: true }));
    expect(document.getElementById('order-3-4x2-answers.q7-error')).toBeNull();
    expect(fieldset.hasAttribute('aria-invalid')).toBe(false);
  });

  it('applies a code with only the code checked, and puts the answer’s section in place of the shown one', async () => {
    const { fetch, answered } = page(orderSection('$120.00'));
    field('discountCode').value = 'GALA';
    expect(submit('apply')).toBe(true);
    expect(button('order').disabled).toBe(true);
    await vi.waitFor(() => expect(answered).toHaveLength(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/events\/3\/order\?seats=4x2$/);
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('intent')).toBe('apply');
    expect(body.get('discountCode')).toBe('GALA');
    expect(body.get('js')).toBe('1');
    expect(document.querySelectorAll('[data-order-section]')).toHaveLength(1);
    expect(document.querySelector('[data-summary]')?.textContent).toBe('Total $120.00');
    expect(button('order').textContent).toBe('Pay $120.00');
    expect(button('order').disabled).toBe(false);
    expect(document.activeElement).toBe(button('apply'));
  });

  it('focuses the first field the server refused', async () => {
    page(orderSection('$150.00').replace('name="discountCode"', 'name="discountCode" aria-invalid="true"'));
    field('discountCode').value = 'NOPE';
    submit('apply');
    await vi.waitFor(() => expect(document.activeElement).toBe(field('discountCode')));
  });

  it('goes where an order placed goes: the tickets in the order page’s place, the checkout after it', async () => {
    const free = page('<div hidden data-order-next="/tickets/abc" data-replace="true"></div>');
    fill();
    expect(submit('order')).toBe(true);
    await vi.waitFor(() => expect(free.location.replace).toHaveBeenCalledWith('/tickets/abc'));
    expect(new URLSearchParams(free.fetch.mock.calls[0]![1].body as URLSearchParams).get('answers.q7')).toBe('yes');

    const paid = page('<div hidden data-order-next="https://checkout.example/c/1" data-replace="false"></div>');
    fill();
    submit('order');
    await vi.waitFor(() => expect(paid.location.assign).toHaveBeenCalledWith('https://checkout.example/c/1'));
    expect(paid.location.replace).not.toHaveBeenCalled();
  });

  it('Enter in a name places the order; in the code field it is left to the browser (Apply)', () => {
    const { fetch } = page('');
    const form = document.querySelector('form')!;
    const placed: (HTMLElement | null)[] = [];
    form.requestSubmit = (submitter?: HTMLElement | null) => void placed.push(submitter ?? null);
    const enter = (target: HTMLInputElement) => {
      const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(enter(field('attendees[0]'))).toBe(true);
    expect(placed).toEqual([button('order')]);
    expect(enter(field('discountCode'))).toBe(false);
    expect(placed).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
  });
});
