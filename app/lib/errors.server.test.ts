import { describe, expect, it } from 'vitest';
import { AppError, appErrorStatuses, isAppError, type AppErrorCode } from './errors';
import { failureOf, jsonFailure } from './errors.server';
import { messages } from './messages';

describe('AppError mapping', () => {
  it.each(Object.entries(appErrorStatuses) as [AppErrorCode, number][])('%s answers HTTP %i', (code, status) => {
    const failure = failureOf(new AppError(code, 'What happened.'), messages.updateFailed);
    expect(failure.status).toBe(status);
    expect(failure.code).toBe(code);
    expect(failure.message).toBe('What happened.');
  });

  it('titles the toast for the page and says what went wrong', () => {
    expect(failureOf(new AppError('not_found', 'Application not found.'), messages.updateFailed)).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Application not found.',
      toast: { title: 'Update Failed', description: 'Application not found.', variant: 'destructive' },
      field: undefined,
    });
    expect(failureOf(new AppError('conflict', 'Taken.', { field: 'slug' }), messages.updateFailed).field).toBe('slug');
  });

  it('shows the product’s Payments Unavailable toast whatever the page', () => {
    expect(failureOf(new AppError('payments_unavailable', 'Stripe is down.'), messages.applicationFailed).toast).toEqual(messages.paymentsUnavailable);
  });

  it('throws anything that is not an AppError on, to the error page', () => {
    const bug = new TypeError('undefined is not a function');
    expect(() => failureOf(bug, messages.updateFailed)).toThrow(bug);
    expect(() => failureOf('a string', messages.updateFailed)).toThrow();
  });

  it('answers API routes with JSON', async () => {
    const response = jsonFailure(new AppError('invalid_signature', 'No signature.'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'No signature.', code: 'invalid_signature' });
  });

  it('recognises its own errors by code', () => {
    const error = new AppError('conflict', 'No.');
    expect(isAppError(error)).toBe(true);
    expect(isAppError(error, 'conflict')).toBe(true);
    expect(isAppError(error, 'not_found')).toBe(false);
    expect(isAppError(new Error('No.'))).toBe(false);
  });
});
