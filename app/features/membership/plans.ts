import { membershipTypes, type MembershipType } from '~/db/schema/enums';

export { membershipTypes, type MembershipType };

type MembershipPlan = {
  type: MembershipType;
  productName: string;
  period: string;
  summary: string;
  benefits: readonly string[];
};

/**
 * Membership plans (docs/product.md#membership): the one source of their names and words. Their prices
 * are settings (membershipPrices in prices.server.ts); the defaults below are the seed's.
 */
export const membershipPlans = {
  annual: {
    type: 'annual',
    productName: 'Annual Membership',
    period: '/year',
    summary: 'Renew each year. Ideal for recent leavers and anyone who likes to keep things flexible.',
    benefits: ['Vote at the annual general meeting', 'Members’ documents and minutes', 'Member prices at events'],
  },
  life: {
    type: 'life',
    productName: 'Life Membership',
    period: 'one-time',
    summary: 'One payment, membership for life, and a lasting gift to the association’s work.',
    benefits: ['Everything in Annual Membership', 'Never renew again', 'Recognition on the life members’ roll'],
  },
} as const satisfies Record<MembershipType, MembershipPlan>;

/** What each plan costs, in cents. */
export type MembershipPrices = Record<MembershipType, number>;

/** The prices a new site starts with (the settings row's column defaults say the same). */
export const defaultMembershipPrices: MembershipPrices = { annual: 5000, life: 50000 };
