import { z } from 'zod';
import { getSessionUser, type RequestScope } from '~/features/accounts/session.server';
import { getEventWithTiers } from '~/features/events/events.server';
import { notFound, parseId } from '~/lib/params';
import { adminAbilities } from '~/lib/roles';
import { signedCookie } from '~/lib/signed-cookie.server';

/** A volunteer who typed the event's check-in code: which events they may check people in for. */
export const volunteerCookie = signedCookie('ppa_check_in', z.object({ events: z.array(z.number().int()).max(20) }), { maxAgeSeconds: 24 * 3600 });

/**
 * Who may work the door of an event (docs/product.md#tickets): staff from rank 2, or volunteers
 * with the event's check-in code. The check-in page and its door list and sync ask here alike.
 */
export async function checkInAccess(args: RequestScope, rawId: string | undefined) {
  const { request } = args;
  const id = parseId(rawId);
  const event = id === null ? undefined : await getEventWithTiers(id, { preview: true });
  if (!event) notFound('Event not found.');
  const user = await getSessionUser(args);
  const staff = Boolean(user && adminAbilities(user.role).checkIn);
  const volunteer = (await volunteerCookie.read(request))?.events.includes(event.id) ?? false;
  return { event, user, staff, allowed: staff || volunteer, by: user?.email ?? 'volunteer with the check-in code' };
}
