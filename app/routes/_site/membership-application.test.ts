// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { enhanceApplication } from './membership-application';

/** The application as ApplicationStep writes it: the two plans, the renewal for the annual one. */
function application(plan: 'annual' | 'life', error?: string) {
  document.body.innerHTML = `
    <form id="membership-application" method="post">
      <label><input type="radio" name="membershipType" value="annual" ${plan === 'annual' ? 'checked' : ''}>Annual</label>
      <label><input type="radio" name="membershipType" value="life" ${plan === 'life' ? 'checked' : ''}>Life</label>
      <div data-annual-only ${plan === 'life' ? 'hidden' : ''}><label><input id="membership-application-autoRenew" type="checkbox" name="autoRenew" ${plan === 'life' ? 'disabled' : ''}>Renew</label></div>
      ${error ? `<p id="membership-application-error">${error}</p>` : ''}
    </form>`;
  return document.querySelector('form')!;
}

const choose = (form: HTMLFormElement, plan: string) => {
  const radio = form.querySelector<HTMLInputElement>(`input[value="${plan}"]`)!;
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('the membership application without React', () => {
  it('posts js=1, and shows and posts the automatic renewal for the annual plan only', () => {
    const form = application('life');
    enhanceApplication(form, document, () => {});
    expect(form.querySelector<HTMLInputElement>('input[name="js"]')?.value).toBe('1');
    const renewal = form.querySelector<HTMLElement>('[data-annual-only]')!;
    const checkbox = form.querySelector<HTMLInputElement>('[name="autoRenew"]')!;
    choose(form, 'annual');
    expect(renewal.hidden).toBe(false);
    expect(checkbox.disabled).toBe(false);
    checkbox.checked = true;
    choose(form, 'life');
    expect(renewal.hidden).toBe(true);
    expect(checkbox.disabled).toBe(true);
  });

  it("toasts the server's message about the application, and nothing without one", () => {
    const toasts: string[] = [];
    enhanceApplication(application('annual', 'The checkout could not start.'), document, (description) => toasts.push(description));
    enhanceApplication(application('annual'), document, (description) => toasts.push(description));
    expect(toasts).toEqual(['The checkout could not start.']);
  });
});
