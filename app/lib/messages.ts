/**
 * The brief's exact texts (SPEC A §2, §8), in one place: every screen and test imports them from here.
 */
import type { ToastMessage } from './toast';

export const messages = {
  upcomingEventsEmpty: 'No upcoming events at the moment. Please check back later!',
  eventNotFound: 'Event not found.',
  noTicketsSelected: {
    title: 'No tickets selected',
    description: 'Please select the quantity for at least one ticket tier.',
    variant: 'destructive',
  },
  ticketCheckoutPlaceholder: {
    title: '🚧 Stripe Integration Required',
    description: 'Online ticket checkout is on its way. Your selection has not been charged.',
  },
  audioNotAvailable: {
    title: 'Audio Not Available',
    description: 'A recording of the school anthem has not been added yet.',
  },
  constitutionNotAvailable: {
    title: 'Constitution Not Available',
    description: 'The constitution has not been uploaded yet. Please check back soon.',
  },
} as const satisfies Record<string, string | ToastMessage>;

export const ticketCardTitles = { buy: 'Buy Tickets', external: 'Confirm Attendance' } as const;
export const ticketButtonLabels = { buy: 'Proceed to Checkout', external: 'Confirm Your Attendance' } as const;
