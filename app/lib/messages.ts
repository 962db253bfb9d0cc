/**
 * The product's exact texts (docs/product.md#messages), in one place: every screen and test imports them from here.
 */
import { roleLabel } from './labels';
import { formatCents } from './money';
import type { ToastMessage } from './toast';

export const messages = {
  upcomingEventsEmpty: 'No upcoming events at the moment. Please check back later!',
  eventNotFound: 'Event not found.',
  noTicketsSelected: {
    title: 'No tickets selected',
    description: 'Please select the quantity for at least one ticket tier.',
    variant: 'destructive',
  },
  ticketsConfirmed: {
    title: 'Tickets Confirmed',
    description: 'Your tickets are below, and on their way to your email.',
    variant: 'success',
  },
  ticketsRefunded: {
    title: 'Seats No Longer Available',
    description: 'Your payment arrived after the seats you held were released and taken. It has been refunded in full.',
    variant: 'destructive',
  },
  registrationCancelled: {
    title: 'Registration Cancelled',
    description: 'Your tickets are cancelled and the seats are free for others.',
    variant: 'success',
  },
  audioNotAvailable: {
    title: 'Audio Not Available',
    description: 'A recording of the school anthem has not been added yet.',
  },
  constitutionNotAvailable: {
    title: 'Constitution Not Available',
    description: 'The constitution has not been uploaded yet. Please check back soon.',
  },
  loginSuccessful: { title: 'Login Successful!', description: 'Welcome back! Redirecting you now...', variant: 'success' },
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email address before signing in. We sent you a link when you signed up.',
  verificationResent: { title: 'Verification Email Sent', description: 'Check your inbox for a new link to verify your address.' },
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** Limits of what a visitor may try (docs/product.md#discount-codes, #mail-to-a-typed-address); `wait` from waitText. */
  tooManyCodes: (wait: string) => `Too many wrong discount codes from here. Try again in ${wait}.`,
  tooManyMails: (wait: string) => `Too many mails have gone out from here, or to this address, in the last hour. Try again in ${wait}.`,
  emailInUse: 'This email is already in use. Please try logging in or use a different email.',
  signUpSuccessful: { title: 'Sign Up Successful!', description: 'Please check your email to verify your account.', variant: 'success' },
  signUpMailFailed: 'We could not send the verification email, so your account was not created. Please try again in a few minutes.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  checkWhatYouEntered: 'Please check what you entered and try again.',
  resetEmailSent: {
    title: 'Password Reset Email Sent',
    description: 'If an account exists for the email, you will receive instructions',
  },
  errorSendingEmail: { title: 'Error Sending Email', description: 'Please try again in a few minutes.', variant: 'destructive' },
  recoveryNotice: 'You are now signed in. Please enter your new password.',
  invitationNotice: 'Your membership is already on the site. Choose a password, then sign in with your email address.',
  passwordsDoNotMatch: 'Passwords do not match.',
  noActiveSession: 'No active session found. Please try the password reset process again.',
  errorUpdatingPassword: { title: 'Error Updating Password', variant: 'destructive' },
  passwordUpdated: {
    title: 'Password Updated Successfully!',
    description: 'You can now log in with your new password.',
    variant: 'success',
  },
  emailVerified: 'Your email address is verified. You can sign in now.',
  accountCreated: { title: 'Account Created! Next, we need your application details.', variant: 'success' },
  accountExists: { title: 'Account Exists', description: 'This email is already registered. Please log in first.', variant: 'destructive' },
  signUpFailed: { title: 'Sign up failed', description: 'An unknown error occurred', variant: 'destructive' },
  accountFieldsRequired: { title: 'Error', description: 'Email and password are required to create an account.', variant: 'destructive' },
  applicationSubmitted: { title: 'Application Submitted! Redirecting to payment...' },
  /** Its description is what went wrong: a field's message, or the server's (lib/errors.server.ts). */
  applicationFailed: { title: 'Application Submission Failed', variant: 'destructive' },
  notApplied: 'You have not applied for membership yet',
  noPayments: 'No payment history found',
  receiptResent: { title: 'Receipt Sent', description: 'We have emailed the receipt again.' },
  paymentsUnavailable: { title: 'Payments Unavailable', description: 'Online payment is not available right now. Please contact us.', variant: 'destructive' },
  missingInformation: { title: 'Missing Information', description: 'Please fill out all required fields.', variant: 'destructive' },
  /** A form refused for another reason than an empty field: its description is the first field's message (lib/forms.ts). */
  checkYourDetails: (problem: string) => ({ title: 'Check Your Details', description: problem, variant: 'destructive' as const }),
  donationNotRecorded: { title: 'Error', description: 'Could not record donation. Please try again.', variant: 'destructive' },
  subscriptionCancelled: { title: 'Subscription Cancelled', description: 'Your contribution stops at the end of the period already paid for.' },
  /** A second application while one is paid or approved (docs/product.md#membership-lifecycle); the page links to the portal. */
  alreadyApplied: 'You already have a membership that is paid or approved, so there is nothing to apply for. Your membership, and its renewal, are in the Members Portal.',
  detailsSaved: { title: 'Details Saved', description: 'Your name, telephone and address are up to date.', variant: 'success' as const },
  /** 'Change email' (docs/product.md#my-profile): the link is on its way to the new address. */
  emailChangeSent: (email: string) => ({ title: 'Check Your Inbox', description: `We sent a link to ${email}. Your email address changes when you follow it.`, variant: 'success' as const }),
  emailChanged: (email: string) => ({ title: 'Email Changed', description: `You now sign in with ${email}.`, variant: 'success' as const }),
  emailChangeLinkInvalid: { title: 'Email Not Changed', description: 'This link is invalid or has expired. Ask for a new one under My Profile.', variant: 'destructive' as const },
  sameEmail: 'This is already your email address.',
  wrongPassword: 'This is not your current password.',
  /** 'Delete my account' unless the account's email is typed again (docs/product.md#my-profile). */
  retypeEmailToDelete: 'Type your email address exactly as it is shown, to confirm.',
  accountDeleted: { title: 'Account Deleted', description: 'Your account is gone, and your details with it. Thank you for having been with us.', variant: 'success' as const },
  directoryListed: { title: 'Listing Saved', description: 'Members with access find you in the directory, with what you chose to share.', variant: 'success' as const },
  directoryUnlisted: { title: 'Listing Saved', description: 'You are not listed in the member directory.', variant: 'success' as const },
  offlinePaymentRecorded: { title: 'Payment Recorded', description: 'The application now waits for approval, and the applicant has their receipt.', variant: 'success' as const },
  membersImported: (imported: number, invited: number) => ({
    title: 'Members Imported',
    description: `${imported} ${imported === 1 ? 'member is' : 'members are'} on the site${invited ? `; ${invited} ${invited === 1 ? 'invitation goes' : 'invitations go'} out at the mailing rate` : ''}.`,
    variant: 'success' as const,
  }),
  offlineGiftRecorded: { title: 'Gift Recorded', description: 'The donation is recorded as completed, and the donor has their receipt.', variant: 'success' as const },
  /** The amount formatted ('$20.00'). */
  paymentRefunded: (amount: string) => ({ title: 'Payment Refunded', description: `${amount} goes back to the card it came from, and the payer has been told by email.`, variant: 'success' as const }),
  membershipRenewed: (until: string) => ({ title: 'Membership Renewed!', description: `Your membership is renewed until ${until}.`, variant: 'success' as const }),
  renewalRecorded: { title: 'Renewal Recorded', description: 'A test renewal payment was recorded.' },
  /** Automatic membership renewal in the portal (docs/product.md#membership-lifecycle). */
  autoRenewalOff: (until: string) => ({ title: 'Automatic Renewal Off', description: `Your card will not be charged again. You stay a member until ${until}.` }),
  renewalFailedRecorded: { title: 'Renewal Failed', description: 'A failed test renewal payment was recorded.' },
  statusUpdated: (status: string) => ({ title: 'Status Updated!', description: `Record has been updated to ${status}.`, variant: 'success' as const }),
  /** Its description is what went wrong (lib/errors.server.ts). */
  updateFailed: { title: 'Update Failed', variant: 'destructive' },
  noRecords: 'No records found.',
  settingsSaved: { title: 'Settings Saved', description: 'The site now shows the new details.', variant: 'success' },
  membershipPricesSaved: { title: 'Prices Saved', description: 'New checkouts charge the new prices; ones already started keep theirs.', variant: 'success' },
  recurringGiftFloorSaved: (floorCents: number) => ({ title: 'Smallest Gift Saved', description: `Monthly and yearly gifts now start at ${formatCents(floorCents)}.`, variant: 'success' as const }),
  statementsRefused: (why: string) => ({ title: 'Statements Not Sent', description: why, variant: 'destructive' as const }),
  receiptSettingsSaved: { title: 'Receipt Details Saved', description: 'New gift receipts print these details.', variant: 'success' },
  roleChanged: (email: string, role: string) => ({ title: 'Role Changed', description: `${email} is now ${roleLabel(role)}.`, variant: 'success' as const }),
  paymentSuccessfulMembership: { title: 'Payment Successful!', description: 'Your membership application is now pending approval.', variant: 'success' },
  paymentSuccessfulDonation: { title: 'Payment Successful!', description: 'Thank you for your generous contribution!', variant: 'success' },
  /** The success page of a membership paid from an account not yet verified: the portal's sign-in would refuse it (docs/product.md#success-page-payment-success). */
  verifyEmailFirstTitle: 'Verify your email address first',
  verifyEmailFirst: (email: string) =>
    `Before you can sign in to the Members Portal, follow the link we sent to ${email} when you created your account. No mail? Look in your spam folder, or sign in and choose ‘Resend the verification email’.`,
  errorUpdatingApplication: {
    title: 'Error updating application',
    description: 'Could not update your application status. Please contact support.',
    variant: 'destructive',
  },
  paymentNotConfirmed: 'We could not confirm this payment. If you were charged, please contact us with the reference below and we will sort it out.',
  membersOnlyTitle: 'For members only',
  /** Why members' documents are closed to this visitor, by their standing (docs/product.md#members-portal). */
  membersOnly: {
    signedOut: 'This document is for members of the association. If you are a member, sign in to read it; if you are not one yet, you are warmly invited to join.',
    none: 'This document is for members of the association. Become a member to read it, and everything else the committee shares with members.',
    rejected: 'This document is for members of the association. Your last application was not approved; please contact us if you would like to apply again.',
    pending_payment: 'Your membership application is waiting for its payment. Members’ documents open once the committee has approved it.',
    pending_approval: 'Your membership application is waiting for the committee’s approval. Members’ documents open as soon as it is approved.',
    expired: 'Your membership has expired. Renew it to read members’ documents again.',
  },
  /** The content area (docs/product.md#content-area): what was saved, published or deleted. */
  contentSaved: (what: string) => ({ title: `${what} Saved`, variant: 'success' as const }),
  contentPublished: (what: string) => ({ title: `${what} Published`, description: 'It is on the site now.', variant: 'success' as const }),
  contentScheduled: (what: string, when: string) => ({ title: `${what} Scheduled`, description: `It appears on the site on ${when}.`, variant: 'success' as const }),
  contentUnpublished: (what: string) => ({ title: `${what} Unpublished`, description: 'Only editors can see it now.', variant: 'success' as const }),
  contentUnscheduled: (what: string) => ({
    title: `${what} Unscheduled`,
    description: 'Its date was cleared: it is a draft again, seen only by editors. Publish it when it is ready.',
    variant: 'success' as const,
  }),
  contentDeleted: (what: string) => ({ title: `${what} Deleted`, variant: 'success' as const }),
  tierClosed: { title: 'Sales Closed', description: 'Nobody can buy this tier any more; tickets already sold stay valid.', variant: 'success' },
  /** How many as text ('1', '3'); the refund formatted, or '' for free tickets; where the seats went (features/events/waitlist.ts: freedSeatsSentence). */
  ticketsCancelled: (count: string, refund: string, seats: string) => ({
    title: count === '1' ? 'Ticket Cancelled' : 'Tickets Cancelled',
    description: `${refund ? `${refund} is refunded to the buyer. ` : ''}${seats} The buyer has been told by email.`,
    variant: 'success' as const,
  }),
  tierReopened: { title: 'Sales Reopened', description: 'The tier is on sale again.', variant: 'success' },
  /** Its description is what went wrong; the form shows it under the field too. */
  saveFailed: { title: 'Not Saved', variant: 'destructive' },
  verificationLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  /** Messages to members (docs/product.md#mail-to-members). */
  mailingSaved: { title: 'Message Saved', description: 'It stays a draft until you send it.', variant: 'success' },
  mailQueuedAgain: { title: 'Mail Queued', description: 'It is tried again now; it leaves within a few seconds if the mail server takes it.', variant: 'success' },
  mailingTestSent: (email: string) => ({ title: 'Test Sent', description: `The message went to ${email} only.`, variant: 'success' as const }),
  /** How many as text ('1', '240'). */
  mailingSending: (count: string) => ({
    title: 'Sending Started',
    description: `The message is going to ${count} ${count === '1' ? 'person' : 'people'}. You can leave this page: sending goes on.`,
    variant: 'success' as const,
  }),
  unsubscribed: { title: 'Unsubscribed', description: 'You will get no more messages to members. Receipts, tickets and account mail still reach you.', variant: 'success' },
  resubscribed: { title: 'Subscribed Again', description: 'Messages to members will reach you again.', variant: 'success' },
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Use the link in the latest message you received, or contact us.',
  /** Two-step sign-in (docs/product.md#security). */
  wrongAuthenticatorCode: 'That code is not right. Check the code your app shows now and try again.',
  wrongBackupCode: 'That backup code is not right, or it has been used already.',
  secondStepLocked: 'Too many wrong codes. Two-step sign-in for this account is locked for 15 minutes; try again then.',
  signInAgain: { title: 'Please Sign In Again', description: 'Your sign-in took too long, or had too many wrong codes. Enter your password again.', variant: 'destructive' },
  twoFactorSetupStarted: { title: 'Almost There', description: 'Add the account to your authenticator app, then enter the code it shows.', variant: 'success' },
  twoFactorOn: { title: 'Two-Step Sign-In Is On', description: 'Keep your backup codes somewhere safe.', variant: 'success' },
  twoFactorOff: { title: 'Two-Step Sign-In Is Off', description: 'Your password alone signs you in again.', variant: 'success' },
  twoFactorSetupCancelled: { title: 'Set-Up Cancelled', description: 'Two-step sign-in stays off.', variant: 'success' },
  backupCodesRenewed: { title: 'New Backup Codes', description: 'Your old backup codes no longer work.', variant: 'success' },
  twoFactorRequiredSaved: (on: string) =>
    on === 'on'
      ? { title: 'Two-Step Sign-In Required', description: 'Admins and finance now set it up before they open the admin area.', variant: 'success' as const }
      : { title: 'Two-Step Sign-In Optional', description: 'Admins and finance may open the admin area without it.', variant: 'success' as const },
  ownTwoFactorFirst: 'Turn on two-step sign-in for your own account first (Members Portal → Security).',
} as const satisfies Record<string, string | ToastMessage | ((...args: never[]) => string | ToastMessage) | Record<string, string>>;

export const ticketCardTitles = { buy: 'Buy Tickets', external: 'Confirm Attendance' } as const;
export const ticketButtonLabels = { buy: 'Proceed to Checkout', external: 'Confirm Your Attendance' } as const;
