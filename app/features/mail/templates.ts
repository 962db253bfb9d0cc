import type { ReminderKind } from '~/db/schema/enums';

/**
 * The association's e-mails: each template gives a subject, a plain-text body and an HTML body.
 * Every mail names the association and carries its links in both bodies.
 */
/** A file sent with a mail; with `cid`, the HTML shows it inline (`<img src="cid:…">`). */
export type MailAttachment = { filename: string; content: Buffer | string; contentType: string; cid?: string };

export type MailContent = { subject: string; text: string; html: string; links: string[]; attachments?: MailAttachment[] };

export type Sender = { associationName: string };

/** Someone a message goes to. */
export type Contact = { email: string; name: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/**
 * The association's frame around a mail's HTML: its name on top, the content in a white card.
 * It fits a phone (docs/product.md#mail-on-a-phone): the viewport is the device's width (without
 * the tag, phone mail apps lay a mail out 980 px wide and shrink it), the card is fluid up to
 * 560 px, and pictures never grow wider than it.
 */
function shell(sender: Sender, title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>img{max-width:100%;height:auto}pre{white-space:pre-wrap}</style></head>
<body style="margin:0;background:#f5f6f8;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a2233">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1b2f57;color:#ffffff;padding:20px 28px;font-family:Georgia,serif;font-size:18px;font-weight:bold">${escapeHtml(sender.associationName)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
${content}
</td></tr></table></td></tr></table></body></html>`;
}

/** The committee's pictures (sanitised rich text: no style of their own) shrink to the card, for mail apps that drop the <style> in the head. */
function fluidImages(html: string): string {
  return html.replace(/<img\b/g, '<img style="max-width:100%;height:auto"');
}

function layout(sender: Sender, title: string, paragraphs: string[], action: { label: string; url: string }, extraHtml = ''): string {
  const body = paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('') + extraHtml;
  return shell(
    sender,
    title,
    `<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;color:#142240">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#e6ad2e;color:#0c1628;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#55606f">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#2c4a85;word-break:break-all">${escapeHtml(action.url)}</a></p>`,
  );
}

function text(sender: Sender, title: string, paragraphs: string[], action: { label: string; url: string }): string {
  return [title, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.label}: ${action.url}`, '', `— ${sender.associationName}`].join('\n');
}

function compose(sender: Sender, subject: string, title: string, paragraphs: string[], action: { label: string; url: string }): MailContent {
  return {
    subject,
    text: text(sender, title, paragraphs, action),
    html: layout(sender, title, paragraphs, action),
    links: [action.url],
  };
}

export function verifyEmailMail(sender: Sender, recipient: { name: string }, url: string): MailContent {
  return compose(
    sender,
    `Verify your email address for ${sender.associationName}`,
    'Please verify your email address',
    [
      `Hello ${recipient.name},`,
      `Thank you for creating an account with the ${sender.associationName}. Please confirm that this is your email address so you can sign in.`,
      'If you did not sign up, you can ignore this message.',
    ],
    { label: 'Verify my email address', url },
  );
}

export function resetPasswordMail(sender: Sender, recipient: { name: string }, url: string): MailContent {
  return compose(
    sender,
    `Reset your ${sender.associationName} password`,
    'Reset your password',
    [
      `Hello ${recipient.name},`,
      'We received a request to reset the password of your account. The link below works for one hour.',
      'If you did not ask for this, you can ignore this message: your password stays the same.',
    ],
    { label: 'Choose a new password', url },
  );
}

/**
 * An imported member's invitation (docs/product.md#member-import): their membership is already on
 * the site; the link sets the password of the account made for them, and then they can sign in.
 */
export function memberInvitationMail(sender: Sender, recipient: { name: string }, url: string, validDays: number): MailContent {
  return compose(
    sender,
    `Your ${sender.associationName} membership is online`,
    'Set your password',
    [
      `Hello ${recipient.name},`,
      `The ${sender.associationName} now keeps its membership on its website, and your membership is there already. Set a password to sign in with this email address: you will see your membership, its expiry and your payments in the Members Portal.`,
      `The link below works for ${validDays} days. After that, use 'Forgot password' on the login page to get a new one.`,
    ],
    { label: 'Set my password', url },
  );
}

/**
 * A member asked to use a new address (docs/product.md#my-profile): sent to the new address, whose
 * link makes the change. Until it is followed the account keeps its current address.
 */
export function changeEmailMail(sender: Sender, recipient: { name: string; newEmail: string }, url: string): MailContent {
  return compose(
    sender,
    `Confirm your new email address for ${sender.associationName}`,
    'Confirm your new email address',
    [
      `Hello ${recipient.name},`,
      `You asked to use ${recipient.newEmail} for your account with the ${sender.associationName}. Follow the link below to confirm it; until then you keep signing in with your current address. The link works for 24 hours.`,
      'If you did not ask for this, you can ignore this message: nothing changes.',
    ],
    { label: 'Confirm my new email address', url },
  );
}

/** The security notice to the current address when a change of address is asked for (docs/product.md#my-profile). */
export function emailChangeNoticeMail(sender: Sender, recipient: { name: string; newEmail: string }, url: string): MailContent {
  return compose(
    sender,
    `A new email address was requested for your ${sender.associationName} account`,
    'Your email address may change',
    [
      `Hello ${recipient.name},`,
      `Someone signed in to your account asked to change its email address to ${recipient.newEmail}. We sent a link there; the address changes only when that link is followed.`,
      'If this was you, there is nothing more to do.',
      'If it was not you, choose a new password now: that signs everyone out of your account and makes the link useless. Then let the committee know by replying to this message.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function receiptMail(
  sender: Sender,
  receipt: { name: string; description: string; amount: string; paidOn: string; reference: string; official?: string[] },
  url: string,
  linkLabel = 'See your payments',
): MailContent {
  return compose(
    sender,
    `Your receipt from ${sender.associationName}`,
    'Thank you for your payment',
    [
      `Hello ${receipt.name},`,
      `We received your payment of ${receipt.amount} for ${receipt.description} on ${receipt.paidOn}.`,
      // A gift's official receipt for income tax purposes (docs/product.md#gift-receipts).
      ...(receipt.official ?? []),
      `Reference: ${receipt.reference}. Please keep this message for your records.`,
    ],
    { label: linkLabel, url },
  );
}

/** A card payment given back, in full or in part (docs/product.md#refunds): a receipt of the refund. */
export function refundMail(
  sender: Sender,
  refund: { name: string; description: string; amount: string; paid: string; paidOn: string; kept: string | null; reference: string },
  url: string,
  linkLabel: string,
): MailContent {
  return compose(
    sender,
    `Your refund from ${sender.associationName}`,
    'We have refunded your payment',
    [
      `Hello ${refund.name},`,
      `We have refunded ${refund.amount} of your payment of ${refund.paid} for ${refund.description} made on ${refund.paidOn}. It goes back to the card you paid with and usually shows within 5 to 10 business days.`,
      refund.kept ? `What remains of the payment: ${refund.kept}.` : 'The whole payment has now been refunded.',
      `Reference: ${refund.reference}. Please keep this message for your records.`,
    ],
    { label: linkLabel, url },
  );
}

/** A gift's receipt cancelled by a refund (docs/product.md#gift-receipts): the note names its number, and any replacement. */
export function receiptCancelledMail(sender: Sender, note: { name: string; lines: string[]; replacement: string[] }, url: string, linkLabel: string): MailContent {
  return compose(
    sender,
    `Your gift receipt from ${sender.associationName} is cancelled`,
    'Your receipt is cancelled',
    [`Hello ${note.name},`, ...note.lines, ...note.replacement, 'Please keep this message with your tax records.'],
    { label: linkLabel, url },
  );
}

export function applicationDecisionMail(sender: Sender, applicant: { name: string }, approved: boolean, url: string): MailContent {
  return approved
    ? compose(
        sender,
        `Welcome to the ${sender.associationName}`,
        'Your membership is approved',
        [`Hello ${applicant.name},`, 'The committee has approved your membership application. Welcome!', 'Your membership details and the members’ documents are in the Members Portal.'],
        { label: 'Open the Members Portal', url },
      )
    : compose(
        sender,
        `Your membership application to the ${sender.associationName}`,
        'About your membership application',
        [
          `Hello ${applicant.name},`,
          'The committee could not approve your membership application.',
          'If you have questions, or believe this is a mistake, please reply to this message or contact the committee.',
        ],
        { label: 'Contact us', url },
      );
}

export type TicketForMail = { attendee: string; tier: string; code: string; qrCid: string };

/**
 * The tickets of an order (docs/product.md#tickets): one block per ticket with its QR image (an
 * inline attachment), the attendee, the tier and the code; the order's ticket page; an .ics file.
 */
export function ticketsMail(sender: Sender, order: { name: string; eventTitle: string; when: string; venue: string; tickets: TicketForMail[] }, url: string, calendarUrl: string): MailContent {
  const count = order.tickets.length === 1 ? 'Your ticket' : `Your ${order.tickets.length} tickets`;
  const title = `${count} for ${order.eventTitle}`;
  const paragraphs = [
    `Hello ${order.name},`,
    `${order.eventTitle}: ${order.when}, ${order.venue}.`,
    'Show the QR code at the door, on your phone or printed. The calendar file adds the event to your calendar.',
  ];
  const blocks = order.tickets
    .map(
      (ticket) => `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #dde2ea;border-radius:10px;width:100%"><tr>
<td style="padding:12px;width:140px"><img src="cid:${escapeHtml(ticket.qrCid)}" width="128" height="128" alt="QR code of ticket ${escapeHtml(ticket.code)}" style="display:block"></td>
<td style="padding:12px;font-size:15px"><strong>${escapeHtml(ticket.attendee)}</strong><br>${escapeHtml(ticket.tier)}<br><span style="font-family:monospace;font-size:16px;letter-spacing:1px">${escapeHtml(ticket.code)}</span></td></tr></table>`,
    )
    .join('');
  const calendar = `<p style="margin:0 0 16px"><a href="${escapeHtml(calendarUrl)}" style="color:#2c4a85;font-weight:bold">Add to calendar</a> (an .ics file for Apple, Google or Outlook calendars)</p>`;
  const lines = order.tickets.map((ticket) => `- ${ticket.attendee}, ${ticket.tier}: ${ticket.code}`);
  const action = { label: order.tickets.length === 1 ? 'Open your ticket' : 'Open your tickets', url };
  return {
    subject: `${title} — ${sender.associationName}`,
    // The ticket page's link stays the first in the text; the calendar's follows it.
    text: text(sender, title, [...paragraphs, ...lines], action).replace(`${action.label}: ${url}`, `${action.label}: ${url}\nAdd to calendar: ${calendarUrl}`),
    html: layout(sender, title, paragraphs, action, blocks + calendar),
    links: [url, calendarUrl],
  };
}

/**
 * A ticket passed on by its buyer (docs/product.md#passing-a-ticket-on), to the new attendee: its QR
 * image and code, and the answers given for them with it (dietary needs…). The link is the event's
 * page, not the order's: the order stays the buyer's.
 */
export function ticketPassedMail(
  sender: Sender,
  passed: { name: string; fromName: string; eventTitle: string; when: string; venue: string; ticket: TicketForMail; answers?: { label: string; text: string }[] },
  eventUrl: string,
): MailContent {
  const title = `Your ticket for ${passed.eventTitle}`;
  const answers = passed.answers ?? [];
  const paragraphs = [
    `Hello ${passed.name},`,
    `${passed.fromName} has passed you a ticket for ${passed.eventTitle}: ${passed.when}, ${passed.venue}.`,
    ...(answers.length ? [`${passed.fromName} answered the event's questions for you: ${answers.map((answer) => `${answer.label}: ${answer.text}`).join('; ')}.`] : []),
    'Show the QR code at the door, on your phone or printed. The calendar file adds the event to your calendar.',
  ];
  const { ticket } = passed;
  const block = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #dde2ea;border-radius:10px;width:100%"><tr>
<td style="padding:12px;width:140px"><img src="cid:${escapeHtml(ticket.qrCid)}" width="128" height="128" alt="QR code of ticket ${escapeHtml(ticket.code)}" style="display:block"></td>
<td style="padding:12px;font-size:15px"><strong>${escapeHtml(ticket.attendee)}</strong><br>${escapeHtml(ticket.tier)}<br><span style="font-family:monospace;font-size:16px;letter-spacing:1px">${escapeHtml(ticket.code)}</span></td></tr></table>`;
  const action = { label: 'About the event', url: eventUrl };
  return {
    subject: `${title} — ${sender.associationName}`,
    text: text(sender, title, [...paragraphs, `- ${ticket.attendee}, ${ticket.tier}: ${ticket.code}`], action),
    html: layout(sender, title, paragraphs, action, block),
    links: [eventUrl],
  };
}

/** Tickets cancelled by the committee (docs/product.md#tickets-for-the-committee), with what is refunded. */
export function ticketsCancelledMail(
  sender: Sender,
  /** `seats`: what became of their seats, as the committee's toast says it (features/events/waitlist.ts). */
  order: { name: string; eventTitle: string; tickets: { attendee: string; tier: string; code: string }[]; refund: string | null; seats: string },
  url: string,
): MailContent {
  const which = order.tickets.length === 1 ? 'A ticket' : `${order.tickets.length} tickets`;
  return compose(
    sender,
    `${which} for ${order.eventTitle} cancelled — ${sender.associationName}`,
    order.tickets.length === 1 ? 'Your ticket is cancelled' : 'Your tickets are cancelled',
    [
      `Hello ${order.name},`,
      `The committee has cancelled ${order.tickets.length === 1 ? 'this ticket' : 'these tickets'} for ${order.eventTitle}:`,
      ...order.tickets.map((ticket) => `- ${ticket.attendee}, ${ticket.tier}: ${ticket.code}`),
      order.refund
        ? `${order.refund} is refunded to the card you paid with; it usually shows on your statement within 5 to 10 business days.`
        : 'Nothing was charged for them, so there is nothing to refund.',
      order.seats,
      'If you have questions, please reply to this message.',
    ],
    { label: 'See your order', url },
  );
}

/**
 * A renewal reminder (docs/product.md#membership-lifecycle): 30 and 7 days before an annual
 * membership expires, and on the day, with the date access ends (the grace period). `daysLeft` is
 * the real count of calendar days to the expiry: a reminder sent late (after downtime) says so.
 */
export function membershipReminderMail(
  sender: Sender,
  member: { name: string; kind: ReminderKind; daysLeft: number; expiresOn: string; accessUntil: string | null; price?: string },
  url: string,
  /** An auto-renewing member is never asked to renew by hand (docs/product.md#membership-lifecycle). */
  wording: 'renew' | 'automatic' | 'update-card' = 'renew',
): MailContent {
  if (wording === 'automatic') {
    const heading = `Your membership renews ${inDays(member.daysLeft)}`;
    return compose(
      sender,
      `${heading} — ${sender.associationName}`,
      heading,
      [
        `Hello ${member.name},`,
        `Your annual membership of the ${sender.associationName} renews automatically on ${member.expiresOn}: we charge ${member.price ?? 'the annual price'} to your card then, and you have nothing to do.`,
        'You can turn automatic renewal off in the Members Portal at any time before then.',
      ],
      { label: 'See my membership', url },
    );
  }
  const heading = member.kind === 'expired' ? 'Your membership has expired' : `Your membership expires ${inDays(member.daysLeft)}`;
  const when =
    member.kind === 'expired'
      ? `Your annual membership of the ${sender.associationName} expired on ${member.expiresOn}.`
      : `Your annual membership of the ${sender.associationName} expires on ${member.expiresOn}.`;
  const access = member.accessUntil
    ? `You keep your access to members’ documents until ${member.accessUntil}; renew before then to keep it without a break.`
    : 'Renew it to keep your access to members’ documents without a break.';
  if (wording === 'update-card') {
    return compose(
      sender,
      `${heading} — ${sender.associationName}`,
      heading,
      [
        `Hello ${member.name},`,
        when,
        'Your automatic renewal could not be paid with the card we have.',
        member.accessUntil
          ? `You keep your access to members’ documents until ${member.accessUntil}; update your card before then to keep it without a break.`
          : 'Update your card to keep your access to members’ documents without a break.',
      ],
      {
        label: 'Update my card',
        url,
      },
    );
  }
  return compose(
    sender,
    `${heading} — ${sender.associationName}`,
    heading,
    [`Hello ${member.name},`, when, access, 'Renewing takes a minute in the Members Portal: one more year from your current expiry.'],
    {
      label: 'Renew my membership',
      url,
    },
  );
}

/** A renewal invoice of an auto-renewing membership failed (docs/product.md#membership-lifecycle). */
export function renewalFailedMail(sender: Sender, member: { name: string; amount: string; expiresOn: string }, url: string): MailContent {
  const heading = 'Your membership renewal could not be paid';
  return compose(
    sender,
    `${heading} — ${sender.associationName}`,
    heading,
    [
      `Hello ${member.name},`,
      `We tried to charge ${member.amount} to your card for another year of your membership of the ${sender.associationName}, and the payment did not go through.`,
      `Your membership runs until ${member.expiresOn}, then the usual grace period applies. Please update your card so the renewal can be paid.`,
    ],
    { label: 'Update my card', url },
  );
}

const inDays = (days: number) => (days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

export type WaitingApplication = { name: string; email: string; plan: string; paidOn: string };

/** The committee hears that a paid application waits for its approval (docs/product.md#the-committee-hears-of-new-work). */
export function applicationWaitingMail(sender: Sender, application: WaitingApplication, url: string): MailContent {
  return compose(
    sender,
    `New membership application: ${application.name} — ${sender.associationName}`,
    'A membership application waits for approval',
    [`${application.name} (${application.email}) applied for ${application.plan} and paid on ${application.paidOn}.`, 'The application waits for the committee’s decision.'],
    { label: 'Review the application', url },
  );
}

/** The committee's daily summary of paid applications waiting for approval, oldest first. */
export function applicationsDigestMail(sender: Sender, waiting: WaitingApplication[], url: string): MailContent {
  const count = waiting.length === 1 ? '1 membership application waits' : `${waiting.length} membership applications wait`;
  return compose(
    sender,
    `${count} for approval — ${sender.associationName}`,
    `${count} for approval`,
    [
      ...waiting.map((application) => `- ${application.name} (${application.email}), ${application.plan}, paid on ${application.paidOn}`),
      'They wait for the committee’s decision in the Admin Dashboard.',
    ],
    { label: 'Open the Admin Dashboard', url },
  );
}

/**
 * A message to members (docs/product.md#mail-to-members): the committee's words (sanitised rich
 * text, its links made absolute, and the same as plain text), then why it came and how to stop it.
 */
export function memberMessageMail(sender: Sender, message: { subject: string; html: string; text: string }, unsubscribeUrl: string): MailContent {
  const why = `You receive this as a member or supporter of the ${sender.associationName}.`;
  return {
    subject: message.subject,
    text: [message.text, '', '—', why, `Unsubscribe: ${unsubscribeUrl}`].join('\n'),
    html: shell(
      sender,
      message.subject,
      `${fluidImages(message.html)}
<p style="margin:28px 0 0;padding-top:16px;border-top:1px solid #e3e6ea;font-size:13px;color:#55606f">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#2c4a85">Unsubscribe</a></p>`,
    ),
    links: [unsubscribeUrl],
  };
}

/** A place on a tier's waitlist is confirmed (docs/product.md#waitlist), with the link to leave it. */
export function waitlistJoinedMail(sender: Sender, entry: { name: string; eventTitle: string; tierName: string }, leaveUrl: string): MailContent {
  return compose(
    sender,
    `You are on the waitlist for ${entry.eventTitle} — ${sender.associationName}`,
    'You are on the waitlist',
    [
      `Hello ${entry.name},`,
      `“${entry.tierName}” for ${entry.eventTitle} is sold out, and you are on its waitlist. When a seat frees, the first in line gets a mail with a link that holds it for them.`,
      'If you no longer want a seat, leave the waitlist with the link below.',
    ],
    { label: 'Leave the waitlist', url: leaveUrl },
  );
}

/** A freed seat is held for the next person on the waitlist (docs/product.md#waitlist) until `until`. */
export function waitlistOfferMail(sender: Sender, offer: { name: string; eventTitle: string; tierName: string; until: string }, url: string): MailContent {
  return compose(
    sender,
    `A seat is free for ${offer.eventTitle} — ${sender.associationName}`,
    `A seat is free for ${offer.eventTitle}`,
    [
      `Hello ${offer.name},`,
      `A “${offer.tierName}” seat has freed, and it is yours if you want it: we hold it for you until ${offer.until}.`,
      'After that it passes to the next person on the waitlist.',
    ],
    { label: 'Order your seat', url },
  );
}
