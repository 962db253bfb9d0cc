// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { expectSelfContained, runAtEndOf } from '../../../tests/setup/page-script';
import authFormsScript from './auth-forms-page?inline-script';

/**
 * The sign-in pages' page script as the build writes it (ADR 014): self-contained, nothing of
 * React, and it checks the form it ends with the schema the server parses its post with.
 */
describe('the sign-in forms’ page script', () => {
  it('is self-contained and carries no framework', () => {
    expectSelfContained(authFormsScript);
  });

  it('checks the form it ends with the accounts schema’s messages', () => {
    document.body.innerHTML = `
      <form id="signup" method="post" novalidate>
        <div><label for="signup-fullName">Full Name</label><input id="signup-fullName" name="fullName"></div>
        <div><label for="signup-email">Email</label><input id="signup-email" name="email" value="someone@example"></div>
        <div><label for="signup-password">Password</label><input id="signup-password" name="password" type="password" value="short"></div>
        <button type="submit">Create Account</button>
      </form>`;
    const form = document.querySelector('form')!;
    runAtEndOf(form, authFormsScript);
    const event = new SubmitEvent('submit', { cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.getElementById('signup-fullName-error')?.textContent).toBe('Full name is required.');
    expect(document.getElementById('signup-email-error')?.textContent).toBe('Enter a valid email address.');
    expect(document.getElementById('signup-password-error')?.textContent).toBe('Password must be at least 10 characters.');
  });
});
