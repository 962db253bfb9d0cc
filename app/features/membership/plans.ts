import { membershipTypes, type MembershipType } from '~/db/schema/enums';

export { membershipTypes, type MembershipType };

type MembershipPlan = {
  type: MembershipType;
  productName: string;
  priceCents: number;
  period: string;
  summary: string;
  benefits: readonly string[];
};

/** Membership plans and their prices (docs/product.md#membership): the one source for every page, checkout and test. */
export const membershipPlans = {
  annual: {
    type: 'annual',
    productName: 'Annual Membership',
    priceCents: 5000,
    period: '/year',
    summary: 'Renew each year. Ideal for recent leavers and anyone who likes to keep things flexible.',
    benefits: ['Vote at the annual general meeting', 'Members’ documents and minutes', 'Member prices at events'],
  },
  life: {
    type: 'life',
    productName: 'Life Membership',
    priceCents: 50000,
    period: 'one-time',
    summary: 'One payment, membership for life, and a lasting gift to the association’s work.',
    benefits: ['Everything in Annual Membership', 'Never renew again', 'Recognition on the life members’ roll'],
  },
} as const satisfies Record<MembershipType, MembershipPlan>;
