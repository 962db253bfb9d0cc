/**
 * A form's checks in the browser on a page served without React (docs/architecture/pages.md#page-scripts,
 * ADR 014): what `useSchemaForm` (lib/forms.ts) does with Conform when React runs, for a form
 * rendered with `FormField`/`FormError` — the same schema's messages on submit, before any request,
 * then on every input once a field has been checked; the first wrong field focused; the
 * submit button's busy label (`data-busy-label`) once the post goes. Ids and markup follow
 * Conform's: a field `${formId}-${name}`, its message `${fieldId}-error` under it, the form's own
 * message `${formId}-error`; in a group of radios only the first has the id (`radioProps`), and the
 * message is for the whole group. Without JavaScript the server answers with the same messages.
 */

/** Messages per field name ('' for the form's own), as `parseWithZod(...).error` gives them. */
export type FormErrors = Record<string, string[] | null | undefined>;
export type Validate = (formData: FormData) => FormErrors | null | undefined;

const fieldErrorClass = 'text-sm font-medium text-destructive';
const formErrorClass = 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-destructive';

/** `onRefused`: what else the page does when the check stops a post (the donate page's toast). */
export function enhanceSchemaForm(form: HTMLFormElement, validate: Validate, options: { onRefused?: (errors: FormErrors) => void } = {}) {
  // Fields already checked, by the server's answer or a submit: they are checked again on input.
  const checked = new Set(controls(form).flatMap((control) => (control.getAttribute('aria-invalid') === 'true' ? [control.name] : [])));

  form.addEventListener('submit', (event) => {
    // With the button's own name and value (`intent`), as the server gets them.
    const submitter = event.submitter instanceof HTMLButtonElement && event.submitter.form === form && event.submitter.name ? event.submitter : null;
    const errors = validate(new FormData(form, submitter)) ?? {};
    for (const control of controls(form)) checked.add(control.name);
    const wrong = show(form, errors, checked);
    if (wrong.length === 0 && !errors['']?.length) {
      markBusy(event.submitter);
      return;
    }
    event.preventDefault();
    wrong[0]?.focus();
    options.onRefused?.(errors);
  });

  form.addEventListener('input', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) || !checked.has(target.name)) return;
    show(form, validate(new FormData(form)) ?? {}, checked);
  });

  // Back to a page the browser kept: the button is ready again.
  window.addEventListener('pageshow', () => {
    for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-busy-label][data-label]')) {
      button.textContent = button.dataset.label ?? '';
      button.disabled = false;
    }
  });
}

/** The form's named fields that `FormField` renders (id `${formId}-${name}`). */
function controls(form: HTMLFormElement) {
  return [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input[name], textarea[name], select[name]')].filter(
    (control) => control.id === `${form.id}-${control.name}`,
  );
}

/** Writes each checked field's first message under it (or removes it); returns the wrong fields in order. */
function show(form: HTMLFormElement, errors: FormErrors, checked: Set<string>) {
  const wrong: HTMLElement[] = [];
  for (const control of controls(form)) {
    if (!checked.has(control.name)) continue;
    const message = errors[control.name]?.[0];
    if (message && !wrong.some((other) => (other as HTMLInputElement).name === control.name)) wrong.push(control);
    const errorId = `${control.id}-error`;
    writeMessage(messageParent(control), errorId, message, fieldErrorClass, null);
    for (const target of groupOf(form, control)) {
      const others = (target.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== errorId);
      const describedBy = message ? [errorId, ...others] : others;
      if (describedBy.length > 0) target.setAttribute('aria-describedby', describedBy.join(' '));
      else target.removeAttribute('aria-describedby');
      if (message) target.setAttribute('aria-invalid', 'true');
      else target.removeAttribute('aria-invalid');
    }
  }
  writeMessage(form, `${form.id}-error`, errors['']?.[0], formErrorClass, 'alert');
  return wrong;
}

/** The field, or every radio of its group (only the first carries the field's id). */
function groupOf(form: HTMLFormElement, control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): Element[] {
  if (control.type !== 'radio') return [control];
  return [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((radio) => radio.name === control.name);
}

/**
 * Where a field's message goes: under the field (FormField), under the label that holds a checkbox
 * (CheckboxField), at the end of the fieldset of a group of choices.
 */
function messageParent(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  if (control.type === 'radio') return control.closest('fieldset') ?? control.parentElement;
  const parent = control.parentElement;
  return parent instanceof HTMLLabelElement ? parent.parentElement : parent;
}

function writeMessage(parent: Element | null, id: string, message: string | undefined, className: string, role: string | null) {
  const existing = document.getElementById(id);
  if (!message) {
    existing?.remove();
    return;
  }
  const element = existing ?? document.createElement('p');
  element.id = id;
  element.className = className;
  if (role) element.setAttribute('role', role);
  element.textContent = message;
  if (!existing) parent?.append(element);
}

/** After the browser has taken the form's data (a disabled button would not be posted). */
function markBusy(submitter: HTMLElement | null) {
  if (!(submitter instanceof HTMLButtonElement) || !submitter.dataset.busyLabel) return;
  const button = submitter;
  setTimeout(() => {
    button.dataset.label = button.textContent ?? '';
    button.textContent = button.dataset.busyLabel ?? '';
    button.disabled = true;
  });
}
