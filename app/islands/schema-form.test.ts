// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { enhanceSchemaForm, type Validate } from './schema-form';

/** A form as FormField and FormError write it (Conform's ids): an email with a hint, a password. */
function signInForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form id="login" method="post" novalidate>
      <div><label for="login-email">Email</label><input id="login-email" name="email" type="email" aria-describedby="login-email-hint"><p id="login-email-hint">Your address</p></div>
      <div><label for="login-password">Password</label><input id="login-password" name="password" type="password"></div>
      <button type="submit" data-busy-label="Signing In...">Sign In</button>
    </form>`;
  return document.querySelector('form')!;
}

/** The rules the page script gets from its schema (parseWithZod(...).error); '' is the form's own. */
const validate: Validate = (formData) => {
  const errors: Record<string, string[]> = {};
  if (!String(formData.get('email') ?? '').includes('@')) errors.email = ['Enter a valid email address.'];
  if (!formData.get('password')) errors.password = ['Password is required.'];
  if (formData.get('password') === 'blocked') errors[''] = ['Not allowed.'];
  return Object.keys(errors).length ? errors : null;
};

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => {
  input(name).value = value;
  input(name).dispatchEvent(new Event('input', { bubbles: true }));
};
const submit = (form: HTMLFormElement) => {
  const event = new SubmitEvent('submit', { cancelable: true, submitter: form.querySelector('button') });
  form.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('a form checked by its schema without React', () => {
  it('stops a wrong post and writes each message under its field, tied to it, focusing the first', () => {
    const form = signInForm();
    enhanceSchemaForm(form, validate);
    type('email', 'not-an-email');
    expect(document.getElementById('login-email-error')).toBeNull();
    expect(submit(form)).toBe(true);
    expect(document.getElementById('login-email-error')?.textContent).toBe('Enter a valid email address.');
    expect(document.getElementById('login-email-error')?.parentElement).toBe(input('email').parentElement);
    expect(document.getElementById('login-password-error')?.textContent).toBe('Password is required.');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(input('email').getAttribute('aria-describedby')).toBe('login-email-error login-email-hint');
    expect(document.activeElement).toBe(input('email'));
  });

  it('checks a field again on input once it has been checked, and clears what is right', () => {
    const form = signInForm();
    enhanceSchemaForm(form, validate);
    submit(form);
    type('email', 'someone@example.org');
    expect(document.getElementById('login-email-error')).toBeNull();
    expect(input('email').hasAttribute('aria-invalid')).toBe(false);
    expect(input('email').getAttribute('aria-describedby')).toBe('login-email-hint');
    expect(document.getElementById('login-password-error')?.textContent).toBe('Password is required.');
    type('password', 'x');
    expect(document.getElementById('login-password-error')).toBeNull();
    expect(input('password').hasAttribute('aria-describedby')).toBe(false);
  });

  it('says nothing while typing before the first submit', () => {
    enhanceSchemaForm(signInForm(), validate);
    type('email', 'x');
    expect(document.getElementById('login-email-error')).toBeNull();
  });

  it('checks again on input a field the server marked wrong', () => {
    const form = signInForm();
    input('password').setAttribute('aria-invalid', 'true');
    enhanceSchemaForm(form, validate);
    type('password', '');
    expect(document.getElementById('login-password-error')?.textContent).toBe('Password is required.');
    expect(document.getElementById('login-email-error')).toBeNull();
  });

  it("shows the form's own message as an alert and stops the post", () => {
    const form = signInForm();
    enhanceSchemaForm(form, validate);
    type('email', 'someone@example.org');
    type('password', 'blocked');
    expect(submit(form)).toBe(true);
    expect(document.getElementById('login-error')?.getAttribute('role')).toBe('alert');
    expect(document.getElementById('login-error')?.textContent).toBe('Not allowed.');
  });

  it('lets a right post go, with the busy label on its button', async () => {
    const form = signInForm();
    enhanceSchemaForm(form, validate);
    type('email', 'someone@example.org');
    type('password', 'secret');
    expect(submit(form)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve));
    const button = form.querySelector('button')!;
    expect(button.textContent).toBe('Signing In...');
    expect(button.disabled).toBe(true);
    window.dispatchEvent(new Event('pageshow'));
    expect(button.textContent).toBe('Sign In');
    expect(button.disabled).toBe(false);
  });

  it('writes a group of choices\' message at the end of its fieldset, and a checkbox\'s under its label; says why the post stopped', () => {
    document.body.innerHTML = `
      <form id="gift" method="post">
        <fieldset><legend>Amount</legend><div><label><input id="gift-amount" name="amount" type="radio" value="25">$25</label><label><input name="amount" type="radio" value="50">$50</label></div></fieldset>
        <div><label for="gift-renew"><input id="gift-renew" name="renew" type="checkbox">Renew</label></div>
        <button type="submit">Give</button>
      </form>`;
    const form = document.querySelector('form')!;
    const refused: unknown[] = [];
    enhanceSchemaForm(form, () => ({ amount: ['Choose an amount.'], renew: ['Annual plan only.'] }), { onRefused: (errors) => refused.push(errors) });
    expect(submit(form)).toBe(true);
    const amountError = document.getElementById('gift-amount-error')!;
    expect(amountError.parentElement).toBe(form.querySelector('fieldset'));
    expect(document.querySelectorAll('#gift-amount-error')).toHaveLength(1);
    // Every radio of the group is marked and points at the message; only the first has the field's id.
    for (const radio of form.querySelectorAll('input[name="amount"]')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-describedby')).toBe('gift-amount-error');
    }
    expect(document.getElementById('gift-renew-error')?.parentElement).toBe(input('renew').parentElement!.parentElement);
    expect(document.activeElement).toBe(form.querySelector('input[value="25"]'));
    expect(refused).toEqual([{ amount: ['Choose an amount.'], renew: ['Annual plan only.'] }]);
  });
});
