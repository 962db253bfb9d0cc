import { createContext, useContext } from 'react';

/**
 * The id of the request a page answers (docs/architecture/logs.md), set by entry.server: the 500
 * page shows it as "Reference: …", so a visitor can quote it and the committee find the request's
 * lines in the log. In the browser it is unknown; the page keeps the text the server wrote.
 */
const RequestReferenceContext = createContext<string | undefined>(undefined);

export const RequestReferenceProvider = RequestReferenceContext.Provider;

export function useRequestReference(): string | undefined {
  return useContext(RequestReferenceContext);
}
