import type { Executor } from '~/db/client.server';
import type { PaymentPurpose, PaymentSource } from '~/db/schema/enums';
import { applyDonationPayment, discardUnpaidDonation, donationReceiptLink } from '~/features/donations/donations.server';
import { confirmPaidOrder, releaseOrder } from '~/features/events/orders.server';
import { queueOrderTickets, ticketOrderLink } from '~/features/events/ticket-mail.server';
import { queueCommitteeNotice } from '~/features/membership/committee-notices.server';
import { applyMembershipPayment, applyRenewalPayment } from '~/features/membership/membership-payments.server';
import { discardUnpaidApplication } from '~/features/membership/membership.server';

/** A payment the provider has confirmed, as the domain that owns the record receives it. */
export type ConfirmedPayment = {
  referenceId: string;
  userId: string | null;
  paidAt: Date;
  /** The provider, or 'offline' for money the committee received by hand. */
  provider: PaymentSource;
  /** False when no money moved (test mode): the domain marks its record so. */
  livemode: boolean;
  /** For subscription-mode checkouts: the subscription the provider started. */
  subscription: { providerSubscriptionId: string; providerCustomerId: string | null } | null;
};

/**
 * What the payment layer needs from the domain behind each payment purpose
 * (docs/architecture/payments.md#purposes). The record below has a handler for every purpose
 * (membership, renewal, donation, tickets), so a new purpose does not compile until its domain
 * says how it is fulfilled.
 */
export type PurposeHandler = {
  /**
   * Inside the payment's transaction: the domain's record takes the payment. It may answer that the
   * money is to go back (seats that were no longer free): the payment layer refunds it after commit.
   */
  fulfil(tx: Executor, payment: ConfirmedPayment): Promise<void | { refund: { amountCents: number; reason: string } }>;
  /**
   * Inside the payment's transaction, once the record took it: the mail the domain sends (the
   * tickets, the committee's notice), queued with `tx` (docs/architecture/mail.md). Runs in a
   * savepoint: a failure is logged and never undoes the payment.
   */
  afterFulfil?(tx: Executor, referenceId: string): Promise<void>;
  /** The checkout for a just-created record could not start: remove the unpaid record. */
  discardUnpaid(referenceId: string): Promise<void>;
  /** Its checkout was cancelled by the buyer or expired unpaid: what it held goes back. */
  release?(referenceId: string, why: 'cancelled' | 'expired'): Promise<void>;
  /** Where the receipt's button leads; null for the portal's payments. Read with `executor` (the payment's transaction). */
  receiptLink(payment: { referenceId: string; userId: string | null }, executor: Executor): Promise<{ label: string; url: string } | null>;
};

const portalReceipt = async () => null;

/** A subscription-mode membership checkout started automatic renewal (docs/product.md#membership-lifecycle). */
const renewalOf = (payment: ConfirmedPayment) => (payment.subscription && payment.provider !== 'offline' ? { provider: payment.provider, ...payment.subscription } : null);

export const purposeHandlers: Record<PaymentPurpose, PurposeHandler> = {
  membership: {
    fulfil: (tx, payment) => applyMembershipPayment(tx, { applicationId: payment.referenceId, paidAt: payment.paidAt, livemode: payment.livemode, renewal: renewalOf(payment) }),
    afterFulfil: queueCommitteeNotice,
    discardUnpaid: discardUnpaidApplication,
    receiptLink: portalReceipt,
  },
  membership_renewal: {
    fulfil: (tx, payment) => applyRenewalPayment(tx, { applicationId: payment.referenceId, paidAt: payment.paidAt, livemode: payment.livemode, renewal: renewalOf(payment) }),
    // A renewal pays for an application that existed (approved) before its checkout: nothing to undo.
    discardUnpaid: async () => {},
    receiptLink: portalReceipt,
  },
  donation: {
    fulfil: (tx, payment) =>
      applyDonationPayment(tx, {
        donationId: payment.referenceId,
        paidAt: payment.paidAt,
        provider: payment.provider,
        livemode: payment.livemode,
        subscription: payment.subscription,
      }),
    discardUnpaid: discardUnpaidDonation,
    receiptLink: (payment, executor) => donationReceiptLink(payment.referenceId, payment.userId, executor),
  },
  tickets: {
    fulfil: async (tx, payment) => {
      const outcome = await confirmPaidOrder(tx, { orderId: payment.referenceId, paidAt: payment.paidAt, livemode: payment.livemode });
      return outcome ? { refund: { amountCents: outcome.refundCents, reason: outcome.reason } } : undefined;
    },
    afterFulfil: queueOrderTickets,
    discardUnpaid: (orderId) => releaseOrder(orderId, 'cancelled'),
    release: (orderId, why) => releaseOrder(orderId, why),
    receiptLink: async (payment) => ({ label: 'See your tickets', url: ticketOrderLink(payment.referenceId) }),
  },
};
