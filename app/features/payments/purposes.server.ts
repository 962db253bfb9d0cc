import type { Executor } from '~/db/client.server';
import type { PaymentProviderName, PaymentPurpose } from '~/db/schema/enums';
import {
  applyDonationPayment,
  discardUnpaidDonation,
  donationReceiptLink,
} from '~/features/donations/donations.server';
import { applyMembershipPayment, applyRenewalPayment, discardUnpaidApplication } from '~/features/membership/membership.server';

/** A payment the provider has confirmed, as the domain that owns the record receives it. */
export type ConfirmedPayment = {
  referenceId: string;
  userId: string | null;
  paidAt: Date;
  provider: PaymentProviderName;
  /** False when no money moved (test mode): the domain marks its record so. */
  livemode: boolean;
  /** For subscription-mode checkouts: the subscription the provider started. */
  subscription: { providerSubscriptionId: string; providerCustomerId: string | null } | null;
};

/**
 * What the payment layer needs from the domain behind each payment purpose
 * (docs/architecture.md#payments). The record below has a handler for every purpose, so a new
 * purpose (event tickets are next) does not compile until its domain says how it is fulfilled.
 */
export type PurposeHandler = {
  /** Inside the payment's transaction: the domain's record takes the payment. */
  fulfil(tx: Executor, payment: ConfirmedPayment): Promise<void>;
  /** The checkout for a just-created record could not start: remove the unpaid record. */
  discardUnpaid(referenceId: string): Promise<void>;
  /** Where the receipt's button leads; null for the portal's payments. */
  receiptLink(payment: { referenceId: string; userId: string | null }): Promise<{ label: string; url: string } | null>;
};

const portalReceipt = async () => null;

export const purposeHandlers: Record<PaymentPurpose, PurposeHandler> = {
  membership: {
    fulfil: (tx, payment) => applyMembershipPayment(tx, { applicationId: payment.referenceId, paidAt: payment.paidAt, livemode: payment.livemode }),
    discardUnpaid: discardUnpaidApplication,
    receiptLink: portalReceipt,
  },
  membership_renewal: {
    fulfil: (tx, payment) => applyRenewalPayment(tx, { applicationId: payment.referenceId, paidAt: payment.paidAt, livemode: payment.livemode }),
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
    receiptLink: (payment) => donationReceiptLink(payment.referenceId, payment.userId),
  },
};
