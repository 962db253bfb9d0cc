import { z } from 'zod';
import { signedCookie } from '~/lib/signed-cookie.server';

/**
 * This browser's latest free registration for an event (docs/product.md#tickets), so the order page
 * knows it after Back even for a guest. Signed; kept for the event's order page only
 * (`/events/{id}/`, which covers its `.data` requests), so no other page is served differently.
 */
const registeredCookie = (eventId: number) =>
  signedCookie('ppa_registered', z.object({ orderId: z.uuid() }), {
    maxAgeSeconds: 60 * 60 * 24 * 90,
    path: `/events/${eventId}/`,
  });

export async function registeredOrderIds(request: Request, eventId: number): Promise<string[]> {
  const value = await registeredCookie(eventId).read(request);
  return value ? [value.orderId] : [];
}

/** The Set-Cookie header that remembers a registration on this browser. */
export function rememberRegistration(eventId: number, orderId: string): Promise<string> {
  return registeredCookie(eventId).write({ orderId });
}
