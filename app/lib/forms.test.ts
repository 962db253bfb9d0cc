import { describe, expect, it } from 'vitest';
import { refusalToast } from './forms';
import { messages } from './messages';

const missing = 'Please fill out all required fields.';

describe('the toast of a refused form names the real problem', () => {
  it('says Missing Information when a required field is empty', () => {
    expect(refusalToast({ firstName: [missing], email: ['Enter a valid email address.'] }, missing)).toEqual(messages.missingInformation);
  });

  it('otherwise gives the first field’s own message', () => {
    expect(refusalToast({ email: ['Enter a valid email address.'] }, missing)).toEqual({ title: 'Check Your Details', description: 'Enter a valid email address.', variant: 'destructive' });
    expect(refusalToast({ customAmount: ['Use at most two decimal places.'], email: null }, missing)).toMatchObject({ description: 'Use at most two decimal places.' });
  });

  it('falls back to a general word when no field says anything', () => {
    expect(refusalToast(undefined, missing)).toMatchObject({ title: 'Check Your Details', description: messages.checkWhatYouEntered });
  });
});
