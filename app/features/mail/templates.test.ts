import { describe, expect, it } from 'vitest';
import { applicationDecisionMail, memberMessageMail, resetPasswordMail, ticketsCancelledMail, ticketsMail, verifyEmailMail, type MailContent } from './templates';

const sender = { associationName: 'Harbour College Past Pupils Association' };
const url = 'https://ppa.example.org/a/very/long/link/that/must/wrap/on/a/phone?token=0123456789abcdef0123456789abcdef';

const mails: [string, MailContent][] = [
  ['verification', verifyEmailMail(sender, { name: 'Kumar' }, url)],
  ['password reset', resetPasswordMail(sender, { name: 'Kumar' }, url)],
  ['decision', applicationDecisionMail(sender, { name: 'Kumar' }, true, url)],
  [
    'tickets',
    ticketsMail(
      sender,
      {
        name: 'Kamala',
        eventTitle: 'Annual Gala Night',
        when: 'Sunday, March 14, 2027 at 6:30 PM',
        venue: 'Grand Hall',
        tickets: [{ attendee: 'Kamala', tier: 'Standard', code: 'K7QX-93MD', qrCid: 'ticket-K7QX93MD@tickets' }],
      },
      `${url}#tickets`,
      'https://ppa.example.org/tickets/3f1c/event.ics?t=abc',
    ),
  ],
  [
    'tickets cancelled',
    ticketsCancelledMail(
      sender,
      {
        name: 'Kamala',
        eventTitle: 'Annual Gala Night',
        tickets: [{ attendee: 'Kamala', tier: 'Standard', code: 'K7QX-93MD' }],
        refund: '$75.00',
        seats: 'The seat is offered to the next person on the waitlist.',
      },
      url,
    ),
  ],
  [
    'message to members',
    memberMessageMail(
      sender,
      { subject: 'Picnic', html: '<p>See you there</p><p><img src="https://ppa.example.org/media/1/w1600" alt="The park" width="1600" height="900" /></p>', text: 'See you there' },
      url,
    ),
  ],
];

describe('the HTML of every mail fits a phone (docs/product.md#mail-on-a-phone)', () => {
  it.each(mails)('%s: the viewport is the device width, so phone mail apps do not lay it out 980 px wide', (_name, mail) => {
    const head = /<head>([\s\S]*?)<\/head>/.exec(mail.html)?.[1] ?? '';
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it.each(mails)('%s: a fluid card up to 560 px, pictures at most as wide as it, no fixed page width', (_name, mail) => {
    expect(mail.html).toMatch(/<table role="presentation" width="100%"[^>]*style="max-width:560px;/);
    expect(mail.html).toContain('img{max-width:100%;height:auto}');
    // No element but a picture has a fixed width wider than the QR code's cell (140 px) …
    const outsidePictures = mail.html.replace(/<img\b[^>]*>/g, '');
    const widths = [...outsidePictures.matchAll(/(?<![-\w])width(?:="|:\s*)(\d+)(?:px)?/g)].map((match) => Number(match[1]));
    expect(widths.filter((width) => width > 140)).toEqual([]);
    // … and a picture wider than that shrinks with the card.
    for (const [picture] of mail.html.matchAll(/<img\b[^>]*>/g)) {
      const width = Number(/\bwidth="(\d+)"/.exec(picture)?.[1] ?? Infinity);
      if (width > 140) expect(picture).toContain('max-width:100%');
    }
  });

  it('shrinks the committee’s pictures inline too, for mail apps that drop the <style> in the head', () => {
    const html = mails[5]![1].html;
    expect(html).toContain('<img style="max-width:100%;height:auto" src="https://ppa.example.org/media/1/w1600"');
  });
});

describe('the tickets mail', () => {
  it('links the .ics file besides attaching it: "Add to calendar" in both bodies', () => {
    const mail = mails[3]![1];
    expect(mail.html).toContain('<a href="https://ppa.example.org/tickets/3f1c/event.ics?t=abc" style="color:#2c4a85;font-weight:bold">Add to calendar</a>');
    // After the ticket page's link, which stays the first one in the text.
    expect(mail.text).toContain(`Open your ticket: ${url}#tickets\nAdd to calendar: https://ppa.example.org/tickets/3f1c/event.ics?t=abc`);
    expect(mail.text.indexOf(`${url}#tickets`)).toBeLessThan(mail.text.indexOf('event.ics'));
    expect(mail.links).toContain('https://ppa.example.org/tickets/3f1c/event.ics?t=abc');
  });
});
