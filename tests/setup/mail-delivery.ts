import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Database } from '~/db/client.server';
import { mailOutbox } from '~/db/schema/outbox';
import { mailFolder } from '~/features/mail/mail.server';
import { deliverDueMail } from '~/features/mail/outbox.server';
import { mailsTo } from './outbox';

/**
 * Integration tests run no mail sender (the server process does, docs/architecture/mail.md): this
 * sends what the outbox holds now, as the sender would, then reads the mails in DATA_DIR/mail
 * addressed to `to`, oldest first.
 */
export async function deliveredMailsTo(to: string): Promise<ParsedMail[]> {
  await deliverDueMail();
  return mailsTo(mailFolder(), to);
}

/** The outbox's rows addressed to `to`: what a test counts of its own mail, whatever else waits. */
export function outboxRowsTo(database: Database, to: string) {
  return database.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
}

/**
 * Runs `run` while the outbox cannot be written (its table renamed away), as when the database
 * refuses the insert: what a feature does when a mail cannot even be queued.
 */
export async function withOutboxUnwritable<T>(database: Database, run: () => Promise<T>): Promise<T> {
  await database.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
  try {
    return await run();
  } finally {
    await database.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
  }
}
