/**
 * negotiator 1.x, the part we use (lib/page-cache.server.ts). Its DefinitelyTyped types (0.6) lack
 * the `preferred` option that breaks a tie in our order rather than the visitor's.
 */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
