import type { ParsedMail } from 'mailparser';
import { mailFolder } from '~/features/mail/mail.server';
import { deliverDueMail } from '~/features/mail/outbox.server';
import { mailsTo } from './outbox';

/**
 * Integration tests run no mail sender (the server process does, docs/architecture.md#mail): this
 * sends what the outbox holds now, as the sender would, then reads the mails in DATA_DIR/mail
 * addressed to `to`, oldest first.
 */
export async function deliveredMailsTo(to: string): Promise<ParsedMail[]> {
  await deliverDueMail();
  return mailsTo(mailFolder(), to);
}
