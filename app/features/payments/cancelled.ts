import type { PaymentPurpose } from '~/db/schema/enums';
import { donationCauses, defaultDonationCause } from '~/features/donations/causes';
import { membershipTypes } from '~/features/membership/plans';

/**
 * A cancelled checkout offers to try the same thing again (docs/product.md#cancelled-page-payment-cancelled):
 * the cancel address names what was being paid for, and the cancelled page reads it back. Only these
 * closed values travel, so a made-up address can lead nowhere but to one of the site's own pages.
 */
export function cancelledQuery(request: { purpose: PaymentPurpose; metadata: Record<string, string> }): string {
  const { metadata } = request;
  const query = new URLSearchParams();
  switch (request.purpose) {
    case 'membership':
      query.set('for', 'membership');
      if (metadata.membership_type) query.set('plan', metadata.membership_type);
      break;
    case 'membership_renewal':
      query.set('for', 'renewal');
      break;
    case 'donation':
      query.set('for', 'donation');
      if (metadata.cause && metadata.cause !== defaultDonationCause) query.set('cause', metadata.cause);
      break;
    case 'tickets':
      query.set('for', 'tickets');
      if (metadata.event_id) query.set('event', metadata.event_id);
      break;
  }
  return query.toString();
}

export type RetryOffer = { label: string; to: string };

/** The cancelled page's "try again" button for its query; a gift when it names nothing it knows. */
export function retryOffer(query: URLSearchParams): RetryOffer {
  switch (query.get('for')) {
    case 'membership': {
      const plan = query.get('plan');
      return { label: 'Try Applying Again', to: plan && (membershipTypes as readonly string[]).includes(plan) ? `/membership?plan=${plan}` : '/membership' };
    }
    case 'renewal':
      return { label: 'Try Renewing Again', to: '/members-portal' };
    case 'tickets': {
      const event = query.get('event');
      return { label: 'Choose Tickets Again', to: event && /^[1-9]\d{0,8}$/.test(event) ? `/events/${event}` : '/events' };
    }
    default: {
      const cause = query.get('cause');
      return { label: 'Try Donating Again', to: cause && cause !== defaultDonationCause && Object.hasOwn(donationCauses, cause) ? `/donate?cause=${cause}` : '/donate' };
    }
  }
}
