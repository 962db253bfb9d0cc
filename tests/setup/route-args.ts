import { requestContext } from '~/lib/csp-nonce.server';
import { provideToastSlot } from '~/lib/toast.server';

/**
 * The argument React Router gives a loader or action, for calling a route module directly in a
 * test: `loader(routeArgs('/events/7', {}, { id: '7' }))`. Typed, so a route that expects params
 * gets them.
 */
export function routeArgs<Params extends Record<string, string> = Record<string, never>>(path: string, init: RequestInit = {}, params: Params = {} as Params) {
  const request = new Request(new URL(path, 'http://localhost:3000'), init);
  // The context the root middleware would have prepared (app/root.tsx): the request's toast slot.
  const context = requestContext('');
  provideToastSlot(context);
  return { request, url: new URL(request.url), params, pattern: '', context };
}

/** A form post to `path`, as a browser sends it. */
export function postArgs<Params extends Record<string, string> = Record<string, never>>(
  path: string,
  fields: Record<string, string> | URLSearchParams | FormData | string,
  headers: Record<string, string> = {},
  params?: Params,
) {
  const body = typeof fields === 'string' || fields instanceof URLSearchParams || fields instanceof FormData ? fields : new URLSearchParams(fields);
  return routeArgs(path, { method: 'POST', body, headers }, params);
}

type Middleware<Args> = (args: Args, next: () => Promise<Response>) => unknown;

/** Runs a route's middleware as React Router would before its loaders; what the middleware throws (a guard's redirect) is thrown. */
export async function runMiddleware<Args>(middleware: readonly Middleware<Args>[], args: Args): Promise<void> {
  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (!current) return new Response(null);
    const result = await current(args, () => run(index + 1));
    return result instanceof Response ? result : new Response(null);
  };
  await run(0);
}
