// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { expectSelfContained, runAtEndOf } from '../../../tests/setup/page-script';
import donateScript from './donate-page?inline-script';

/**
 * The donate page's script as the build writes it (ADR 014): self-contained, nothing of React; it
 * checks the form it ends with the donations schema, shows the refusal's toast, and posts `js=1`.
 */
describe('the donate forms’ page script', () => {
  it('is self-contained and carries no framework', () => {
    expectSelfContained(donateScript);
  });

  it('checks the one-time gift with the schema’s messages and says why in a toast', () => {
    document.body.innerHTML = `
      <form id="one-time-donation" method="post">
        <fieldset><legend>Amount</legend><div><label><input id="one-time-donation-amount" name="amount" type="radio" value="50" checked>$50</label></div></fieldset>
        <div><label for="one-time-donation-customAmount">Custom amount</label><input id="one-time-donation-customAmount" name="customAmount" value="12.345"></div>
        <div><label for="one-time-donation-firstName">First Name</label><input id="one-time-donation-firstName" name="firstName"></div>
        <div><label for="one-time-donation-lastName">Last Name</label><input id="one-time-donation-lastName" name="lastName" value="Perera"></div>
        <div><label for="one-time-donation-email">Email</label><input id="one-time-donation-email" name="email" value="someone@example.org"></div>
        <div><label for="one-time-donation-homeAddress">Home Address</label><input id="one-time-donation-homeAddress" name="homeAddress" value="1 Main St"></div>
        <input type="hidden" name="kind" value="one-time"><input type="hidden" name="cause" value="general">
        <button type="submit" data-busy-label="Processing...">Donate Now</button>
      </form>`;
    const form = document.querySelector('form')!;
    runAtEndOf(form, donateScript);
    expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="js"]')?.value).toBe('1');
    const event = new SubmitEvent('submit', { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.getElementById('one-time-donation-customAmount-error')?.textContent).toBe('Use at most two decimal places.');
    expect(document.getElementById('one-time-donation-firstName-error')?.textContent).toBe('Please fill out all required fields.');
    expect(document.getElementById('one-time-donation-amount-error')).toBeNull();
    expect(document.querySelector('section[aria-label="Notifications (F8)"] li')?.textContent).toBe('Missing InformationPlease fill out all required fields.');
  });
});
