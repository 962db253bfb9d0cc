import { z } from 'zod';
import type { MailKind } from '~/db/schema/enums';

/**
 * The outbox page's one form (docs/product.md#the-outbox): send a failed mail again, or a waiting
 * one now. The id is checked by the feature (an unknown one is "not in the outbox").
 */
export const outboxActionSchema = z.object({
  intent: z.literal('send-again', { error: 'Choose what to do with the mail.' }),
  id: z.string({ error: 'Choose a mail.' }).trim().min(1, 'Choose a mail.').max(64, 'Choose a mail.'),
});

/** How the outbox page names each kind of mail. */
export const mailKindLabels = {
  verification: 'Email verification',
  change_email: 'New email address',
  email_change_notice: 'Email change notice',
  password_reset: 'Password reset',
  receipt: 'Receipt',
  refund: 'Refund receipt',
  application_decision: 'Application decision',
  tickets: 'Tickets',
  tickets_cancelled: 'Tickets cancelled',
  membership_reminder: 'Renewal reminder',
  renewal_failed: 'Renewal payment failed',
  committee_notice: 'Committee notice',
  committee_digest: 'Committee summary',
  mailing_test: 'Test message',
  member_invitation: 'Member invitation',
  waitlist_joined: 'Waitlist place',
  waitlist_offer: 'Waitlist seat offer',
} as const satisfies Record<MailKind, string>;
