/**
 * The closed sets of values that columns hold, one tuple each. The database enforces every set with
 * a CHECK constraint (`oneOf` below), and the features build their rules on the same tuples, so a
 * value cannot exist in code that the database would refuse, or the other way round.
 * Plain constants: the browser bundle may import them.
 */
export const membershipTypes = ['annual', 'life'] as const;
export type MembershipType = (typeof membershipTypes)[number];

/** docs/product.md#statuses */
export const applicationStatuses = ['pending_payment', 'pending_approval', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const donationCauseIds = ['general', 'medical', 'iptv'] as const;
export const donationTypes = ['one-time', 'subscription'] as const;
export const recurringIntervals = ['month', 'year'] as const;
export type RecurringInterval = (typeof recurringIntervals)[number];

/** docs/product.md#statuses */
/** `refunded`: its payment was given back in full (docs/product.md#refunds). */
export const donationStatuses = ['pending_payment', 'completed', 'rejected', 'refunded'] as const;
export type DonationStatus = (typeof donationStatuses)[number];

/** docs/product.md#statuses */
export const subscriptionStatuses = ['active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const paymentProviderNames = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];
/** Where a recorded payment came from: a provider's checkout, or money the committee received by hand. */
export const paymentSources = [...paymentProviderNames, 'offline'] as const;
export type PaymentSource = (typeof paymentSources)[number];
/**
 * How an offline payment was made (docs/product.md#offline-payments): money that reached the
 * association outside the site's checkout, by hand, by transfer, or by a card or PayPal account of
 * its own (docs/decisions/019).
 */
export const offlineMethods = ['cash', 'cheque', 'bank_transfer', 'e_transfer', 'card', 'paypal'] as const;
export type OfflineMethod = (typeof offlineMethods)[number];

/** What a payment is for; each purpose has a handler in features/payments/purposes.server.ts. */
export const paymentPurposes = ['membership', 'membership_renewal', 'donation', 'tickets'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

export const checkoutModes = ['payment', 'subscription'] as const;
export type CheckoutMode = (typeof checkoutModes)[number];
export const checkoutStatuses = ['open', 'complete', 'cancelled', 'expired'] as const;
/** A payment's money: all kept, part given back, or all given back (payment_refunds says how much). */
export const paymentStatuses = ['paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const documentVisibilities = ['public', 'members'] as const;
export type DocumentVisibility = (typeof documentVisibilities)[number];

/**
 * A seat's life (docs/product.md#tickets): `held` by an unpaid order until its hold expires, `valid`
 * once paid (or confirmed, when free), `checked_in` at the door, `cancelled` by an admin or a refund,
 * `released` when its hold ran out or its checkout was cancelled. Held, valid and checked-in seats
 * count against the tier's cap (a held one only until its hold expires).
 */
export const ticketStatuses = ['held', 'valid', 'checked_in', 'cancelled', 'released'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/**
 * A place on a tier's waitlist (docs/product.md#waitlist): `waiting` in line, `offered` a freed seat
 * held until the offer expires, `ordered` when they ordered it within the hold, `lapsed` when the
 * offer ran out unused, `removed` by the committee or by the person.
 */
export const waitlistStatuses = ['waiting', 'offered', 'ordered', 'lapsed', 'removed'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

/** A registration question's kind (docs/product.md#events): a line of text, one of its options, or yes or no. */
export const questionKinds = ['text', 'choice', 'yes_no'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** Whom a registration question asks: each attendee (one answer per ticket) or the buyer once per order. */
export const questionScopes = ['attendee', 'order'] as const;
export type QuestionScope = (typeof questionScopes)[number];

/** An order of tickets: waiting for its payment, confirmed (paid or free), expired unpaid, or cancelled. */
/** A discount code's kind (docs/product.md#discount-codes): a percentage off each seat, or a fixed amount off each seat. */
export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export const ticketOrderStatuses = ['pending_payment', 'confirmed', 'expired', 'cancelled'] as const;
export type TicketOrderStatus = (typeof ticketOrderStatuses)[number];

/** Where a piece of content is in its life: a draft only editors see, or published (at its date). */
export const contentStatuses = ['draft', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** How people sign up for an event (docs/product.md#events-and-tickets). */
export const registrationKinds = ['tickets', 'rsvp', 'external', 'none'] as const;
export type RegistrationKind = (typeof registrationKinds)[number];

/** What an uploaded file is. */
export const mediaKinds = ['image', 'audio', 'document'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The site's pages whose words editors write (docs/product.md#about-history-and-anthem). */
export const pageSlugs = ['about', 'school-history', 'school-anthem', 'privacy-policy', 'terms-of-service', 'cookie-policy'] as const;
export type PageSlug = (typeof pageSlugs)[number];

/** Renewal reminders: 30 and 7 days before an annual membership expires, and on the day. */
export const reminderKinds = ['expires_in_30_days', 'expires_in_7_days', 'expired'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** An annual membership's automatic renewal by card (docs/product.md#membership-lifecycle): off, paid up, or its last renewal failed. */
export const autoRenewalStates = ['off', 'active', 'past_due'] as const;
export type AutoRenewalState = (typeof autoRenewalStates)[number];

/** Who a message to members goes to (docs/product.md#mail-to-members). */
/** `statements`: a year's donors, each sent their giving statement (docs/product.md#gift-receipts). */
export const mailingAudiences = ['members', 'expiring', 'expired', 'donors', 'attendees', 'statements'] as const;
export type MailingAudience = (typeof mailingAudiences)[number];

/** A message to members: written and tested as a `draft`, then `sending` (a background job), then `sent`. */
export const mailingStatuses = ['draft', 'sending', 'sent'] as const;
export type MailingStatus = (typeof mailingStatuses)[number];

/**
 * One recipient of a message: `pending` until the job sends it, then `sent`; `bounced` when the
 * mail server refused the address for good (5xx), `failed` after repeated passing failures,
 * `skipped` when the address unsubscribed or bounced before its turn came.
 */
export const mailingRecipientStatuses = ['pending', 'sent', 'bounced', 'failed', 'skipped'] as const;
export type MailingRecipientStatus = (typeof mailingRecipientStatuses)[number];

/** Why an address receives no more messages to members: the person unsubscribed, or it bounced. */
export const mailSuppressionReasons = ['unsubscribed', 'bounced'] as const;
export type MailSuppressionReason = (typeof mailSuppressionReasons)[number];

/**
 * What a transactional mail is (docs/architecture/mail.md), on its outbox row: for the admin's
 * outbox page and the logs, never for its content.
 */
export const mailKinds = [
  'verification',
  'change_email',
  'email_change_notice',
  'password_reset',
  'receipt',
  'refund',
  'application_decision',
  'tickets',
  'tickets_cancelled',
  'membership_reminder',
  'renewal_failed',
  'committee_notice',
  'committee_digest',
  'mailing_test',
  'member_invitation',
  'waitlist_joined',
  'waitlist_offer',
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * An outbox row's life: `pending` until its moment (`next_attempt_at`), `sending` while an instance
 * holds its lease, then `sent`; `failed` after a permanent refusal (SMTP 5xx) or too many attempts,
 * until an admin sends it again.
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** What became of a scan at the door (docs/product.md#tickets): the ticket's check-in (the earliest scan), a later scan of the same ticket, or refused (not paid, cancelled). */
export const scanOutcomes = ['first', 'duplicate', 'refused'] as const;
export type ScanOutcome = (typeof scanOutcomes)[number];
