import { describe, expect, it } from 'vitest';
import { cancelledQuery, retryOffer } from './cancelled';

const offerFor = (request: Parameters<typeof cancelledQuery>[0]) => retryOffer(new URLSearchParams(cancelledQuery(request)));

describe('a cancelled checkout offers to try the same thing again', () => {
  it('a membership goes back to its plan, a renewal to the portal', () => {
    expect(offerFor({ purpose: 'membership', metadata: { membership_type: 'life' } })).toEqual({ label: 'Try Applying Again', to: '/membership?plan=life' });
    expect(offerFor({ purpose: 'membership_renewal', metadata: { membership_type: 'annual' } })).toEqual({ label: 'Try Renewing Again', to: '/members-portal' });
  });

  it('a gift goes back to its cause, tickets to their event', () => {
    expect(offerFor({ purpose: 'donation', metadata: { cause: 'general' } })).toEqual({ label: 'Try Donating Again', to: '/donate' });
    expect(offerFor({ purpose: 'donation', metadata: { cause: 'iptv' } })).toEqual({ label: 'Try Donating Again', to: '/donate?cause=iptv' });
    expect(offerFor({ purpose: 'tickets', metadata: { event_id: '12' } })).toEqual({ label: 'Choose Tickets Again', to: '/events/12' });
  });

  it('a made-up or missing query leads to one of the site’s own pages', () => {
    expect(retryOffer(new URLSearchParams(''))).toEqual({ label: 'Try Donating Again', to: '/donate' });
    expect(retryOffer(new URLSearchParams('for=membership&plan=//evil.example'))).toEqual({ label: 'Try Applying Again', to: '/membership' });
    expect(retryOffer(new URLSearchParams('for=tickets&event=1/../../x'))).toEqual({ label: 'Choose Tickets Again', to: '/events' });
    expect(retryOffer(new URLSearchParams('for=donation&cause=toString'))).toEqual({ label: 'Try Donating Again', to: '/donate' });
  });
});
