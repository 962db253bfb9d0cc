import { createCookie } from 'react-router';
import type { z } from 'zod';
import { env } from './env.server';

/**
 * A small httpOnly cookie signed with the site's secret, whose value is checked against a zod
 * schema when it is read: a missing, tampered, expired or malformed cookie reads as null.
 */
export function signedCookie<Schema extends z.ZodType>(name: string, schema: Schema, options: { maxAgeSeconds: number; path?: string }) {
  const cookie = () =>
    createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      // The whole site: React Router's data requests go to /page.data, outside any narrower path
      // (a narrower one ends in '/' and covers a page's sub-paths: /events/7/ for /events/7/order.data).
      path: options.path ?? '/',
      maxAge: options.maxAgeSeconds,
      secure: env().publicUrl.startsWith('https://'),
      secrets: [env().authSecret],
    });
  return {
    async read(request: Request): Promise<z.output<Schema> | null> {
      const value: unknown = await cookie().parse(request.headers.get('Cookie'));
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
    /** The Set-Cookie header value that stores `value`. */
    write(value: z.input<Schema>): Promise<string> {
      return cookie().serialize(value);
    },
    /** The Set-Cookie header value that removes the cookie. */
    clear(): Promise<string> {
      return cookie().serialize('', { maxAge: 0 });
    },
  };
}
