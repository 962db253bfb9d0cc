import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { postedIntent } from './forms.server';

const handlers = { details: 1, 'change-email': 2 };
const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};

describe('postedIntent: which of a page’s forms sent the post', () => {
  it('is the posted intent when the page answers it', () => {
    expect(postedIntent(form({ intent: 'change-email', newEmail: 'a@example.org' }), handlers)).toBe('change-email');
  });

  it('refuses, as a request the page never sends, an unknown intent, none, or one the page object only inherits', () => {
    const refused: Record<string, string>[] = [{ intent: 'simulate-renewal' }, { intent: '' }, {}, { intent: 'toString' }, { intent: '__proto__' }];
    for (const fields of refused) {
      expect(() => postedIntent(form(fields), handlers)).toThrow(new AppError('bad_request', 'Unknown request.'));
    }
  });
});
