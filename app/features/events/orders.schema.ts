import { z } from 'zod';
import { personName, requiredText } from '~/lib/fields';
import { MAX_PER_ORDER, type Selection } from './tickets';

/**
 * The order form (docs/product.md#tickets), shared by the browser and the server: who buys (name
 * and email, for the tickets mail) and one attendee name per seat, in the order of the seats.
 */
export const orderFormSchema = z.object({
  buyerName: personName('Your name'),
  buyerEmail: requiredText('Email', 254).pipe(z.email('Enter a valid email address.')),
  attendees: z
    .array(personName('Attendee name'), { error: 'Give a name for every ticket.' })
    .min(1, 'Give a name for every ticket.')
    .max(MAX_PER_ORDER * 10, 'That is too many tickets for one order.'),
});

export type OrderFormInput = z.output<typeof orderFormSchema>;

/** The selection in the order page's address: `?seats=3x2,5x1` (tier 3 twice, tier 5 once). */
export function selectionToParam(selection: Selection): string {
  return Object.entries(selection)
    .filter(([, quantity]) => quantity > 0)
    .map(([tierId, quantity]) => `${tierId}x${quantity}`)
    .join(',');
}

export function selectionFromParam(value: string | null): Selection {
  const selection: Selection = {};
  for (const part of (value ?? '').split(',').slice(0, 50)) {
    const match = /^(\d{1,9})x(\d{1,3})$/.exec(part);
    if (match) selection[Number(match[1])] = Number(match[2]);
  }
  return selection;
}
