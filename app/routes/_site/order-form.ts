/**
 * The order form in the browser (docs/product.md#tickets, ADR 014): what React did on the order
 * page, for the page the server sends without it. `order-page.ts` runs it from the form's inline
 * script; React's page (a link from a page that runs it) uses `placeOnEnter` only.
 *
 * - The checks: the order page's schema through `islands/schema-form.ts` (messages under the
 *   fields, the first wrong one focused), before any request.
 * - Enter in a field places the order; in the code field it applies the code.
 * - A post goes by `fetch` with `js=1`, the buttons disabled meanwhile. The answer's order section
 *   (the form, the summary, the notes) takes the shown one's place, as React re-renders it: 'Apply'
 *   shows the prices with the code, a refusal its messages, with what was typed kept. An order
 *   placed answers where to go next (`data-order-next`): the tickets replace the order page in the
 *   history (Back goes to the event), or the checkout follows it (Back returns to the form).
 * - No answer at all (offline): the form is posted as without JavaScript.
 */
import { enhanceSchemaForm, type Validate } from '~/islands/schema-form';

/** The attribute of the order page's section (the form and the summary) that an answer replaces. */
export const orderSectionAttribute = 'data-order-section';
/** The attribute that says where an order placed goes next; `data-replace` when it takes the page's place in the history. */
export const orderNextAttribute = 'data-order-next';

type Win = Window & typeof globalThis;

/** Enter in a field places the order (the 'Apply' button comes first in the form, so it would be Enter's button); in the code field it applies the code. */
export function placeOnEnter(event: KeyboardEvent, form: HTMLFormElement) {
  const target = event.target;
  if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.name === 'discountCode' || target.type === 'submit') return;
  const place = form.querySelector<HTMLButtonElement>('button[value="order"]');
  if (!place) return;
  event.preventDefault();
  form.requestSubmit(place);
}

/**
 * Runs the order form of the page (see above). `onAnswer` gets the section an answer put in place,
 * to run its form in turn (its schema may differ: the seats still on offer).
 */
export function enhanceOrderForm(form: HTMLFormElement, validate: Validate, window: Win, onAnswer: (section: Element) => void) {
  // A question the server's answer refused is checked again on input, as a field is.
  for (const radio of form.querySelectorAll('fieldset[aria-invalid="true"] input[type="radio"][id]')) radio.setAttribute('aria-invalid', 'true');
  enhanceSchemaForm(form, validate);
  const sync = () => syncChoiceGroups(form);
  sync();
  form.addEventListener('keydown', (event) => placeOnEnter(event, form));
  form.addEventListener('input', sync);
  form.addEventListener('submit', (event) => {
    sync();
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLButtonElement && event.submitter.form === form ? event.submitter : null;
    void send(form, submitter, window, onAnswer);
  });
  // Back to a page the browser kept (from the checkout): the buttons are ready again.
  window.addEventListener('pageshow', () => setBusy(form, false));
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) button.disabled = busy;
}

async function send(form: HTMLFormElement, submitter: HTMLButtonElement | null, window: Win, onAnswer: (section: Element) => void) {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) if (typeof value === 'string') body.append(name, value);
  body.set('js', '1');
  setBusy(form, true);
  let html: string;
  try {
    const response = await window.fetch(form.action, { method: 'POST', body, headers: { Accept: 'text/html' }, credentials: 'same-origin' });
    html = await response.text();
  } catch {
    setBusy(form, false);
    postWithoutScript(form, submitter);
    return;
  }
  const answer = new window.DOMParser().parseFromString(html, 'text/html');
  const next = answer.querySelector<HTMLElement>(`[${orderNextAttribute}]`);
  const nextUrl = next?.getAttribute(orderNextAttribute);
  if (next && nextUrl) {
    if (next.dataset.replace === 'true') window.location.replace(nextUrl);
    else window.location.assign(nextUrl);
    return;
  }
  const section = answer.querySelector(`[${orderSectionAttribute}]`);
  const shown = form.closest(`[${orderSectionAttribute}]`);
  if (!section || !shown) {
    // Not an order page (an error page): shown as it came.
    window.document.documentElement.replaceWith(window.document.adoptNode(answer.documentElement));
    return;
  }
  const placed = window.document.adoptNode(section);
  shown.replaceWith(placed);
  onAnswer(placed);
  focusAfterAnswer(placed, submitter?.value ?? null);
}

/** The first field the answer says is wrong, or the button that was pressed. */
function focusAfterAnswer(section: Element, pressed: string | null) {
  const form = section.querySelector('form');
  if (!form) return;
  const wrong = form.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], fieldset[aria-invalid="true"] input');
  const button = pressed ? form.querySelector<HTMLButtonElement>(`button[type="submit"][value="${pressed}"]`) : null;
  (wrong ?? button)?.focus();
}

/** Offline: the post the form makes without JavaScript, with the pressed button's name and value. */
function postWithoutScript(form: HTMLFormElement, submitter: HTMLButtonElement | null) {
  if (submitter?.name) {
    const intent = form.ownerDocument.createElement('input');
    intent.type = 'hidden';
    intent.name = submitter.name;
    intent.value = submitter.value;
    form.append(intent);
  }
  form.submit();
}

/**
 * A yes/no question's message is written at the end of its fieldset (schema-form.ts); the
 * fieldset says so to assistive technology, as the component renders it (order-questions.tsx).
 */
export function syncChoiceGroups(form: HTMLFormElement) {
  for (const fieldset of form.querySelectorAll('fieldset')) {
    const radio = fieldset.querySelector<HTMLInputElement>('input[type="radio"][id]');
    if (!radio) continue;
    const message = fieldset.querySelector(`[id="${radio.id}-error"]`);
    radio.removeAttribute('aria-invalid');
    radio.removeAttribute('aria-describedby');
    if (message) {
      fieldset.setAttribute('aria-invalid', 'true');
      fieldset.setAttribute('aria-describedby', message.id);
    } else {
      fieldset.removeAttribute('aria-invalid');
      fieldset.removeAttribute('aria-describedby');
    }
  }
}
