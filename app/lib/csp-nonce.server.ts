import { createContext, RouterContextProvider } from 'react-router';

/**
 * The Content-Security-Policy nonce of a response: server.js makes one per request for the
 * policy header, and hands it to React Router in the request's context, where entry.server.tsx
 * puts it on the scripts the page writes (docs/architecture/server.md#requests-and-operations).
 */
export const cspNonceContext = createContext<string>('');

/** The context React Router starts a request with (server.js's getLoadContext). */
export function requestContext(cspNonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  return context;
}
