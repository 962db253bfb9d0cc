import { type LoaderFunctionArgs, RouterContextProvider, UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors, takeLogLines } from '../tests/setup/console';
import { handleError } from './entry.server';
import { configureLog, runInRequest } from './lib/log.server';

/** What React Router gives handleError with an error of a request to `url`. */
function argsFor(url: string, init: RequestInit = {}) {
  return { request: new Request(url, init), params: {}, context: new RouterContextProvider() } as unknown as LoaderFunctionArgs;
}

/** React Router's own refusal of a form posted where there is none, as it makes it. */
const refusal = (status: number) => new UNSAFE_ErrorResponseImpl(status, 'Method Not Allowed', new Error('You made a POST request to "/donate?x=1" but did not provide an `action`'), true);

describe('handleError', () => {
  it('logs an unexpected error as one error line with the request id, the path without its query, and the stack', () => {
    runInRequest({ requestId: 'req-handle-error-1' }, () => handleError(new TypeError('Cannot read properties of undefined'), argsFor('http://localhost/events/4?email=jane%40example.org')));
    const [line, ...rest] = takeLogLines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 'error', requestId: 'req-handle-error-1', msg: 'Unexpected error', method: 'GET', path: '/events/4', err: { type: 'TypeError' } });
    expect((line!.err as { stack: string }).stack).toMatch(/^TypeError: Cannot read properties of undefined\n {4}at /);
    expect(JSON.stringify(line)).not.toContain('jane');
    expect(takeConsoleErrors()).toHaveLength(1);
  });

  it('writes only a debug line for a refusal React Router answers itself (404, 405)', () => {
    configureLog({ json: false, level: 'debug' });
    try {
      handleError(refusal(405), argsFor('http://localhost/donate?x=1', { method: 'POST' }));
    } finally {
      configureLog({ json: false, level: 'info' });
    }
    expect(takeLogLines()).toEqual([expect.objectContaining({ level: 'debug', msg: 'Refused by the router', status: 405, path: '/donate' })]);
  });

  it('writes a warning, not an error, when the database cannot be reached', () => {
    handleError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }), argsFor('http://localhost/news'));
    expect(takeLogLines()).toEqual([expect.objectContaining({ level: 'warn', msg: 'The database cannot be reached', code: 'ECONNREFUSED' })]);
  });

  it('says nothing of a request the visitor abandoned', () => {
    const controller = new AbortController();
    controller.abort();
    handleError(new Error('aborted'), argsFor('http://localhost/news', { signal: controller.signal }));
    expect(takeLogLines()).toEqual([]);
  });
});
