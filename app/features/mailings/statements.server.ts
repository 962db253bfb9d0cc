import { and, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { mailingRecipients, mailings } from '~/db/schema/mailings';
import type { OutgoingMail } from '~/features/mail/mail.server';
import { mailSender } from '~/features/mail/mail.server';
import { donorsOfYear, givingStatementPdfOfEmail } from '~/features/payments/finance.server';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { normalizeEmail } from './unsubscribe.server';
import { assertCan, type Actor } from '~/lib/roles';
import type { Mailing } from './mailings.server';

/**
 * Year-end giving statements (docs/product.md#gift-receipts): one action in the finance view sends
 * every donor of a year their statement, as a mailing (audience `statements`) that the mailing job
 * sends at the mailing pace, with progress on the mailing's page; each message carries the donor's
 * own statement as a PDF, drawn when it is sent.
 */
export async function startYearEndStatements(actor: Actor & { id: string }, year: number, now = new Date()): Promise<{ mailing: Mailing; recipients: number }> {
  const byAddress = await statementRecipients(actor, year);
  const sender = await mailSender();
  return db().transaction(async (tx) => {
    // One mailing of a year's statements at a time: a second click waits for the first, then is refused.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('year-end-statements'))`);
    const [running] = await tx
      .select({ id: mailings.id })
      .from(mailings)
      .where(and(eq(mailings.audience, 'statements'), eq(mailings.statementYear, year), eq(mailings.status, 'sending')))
      .limit(1);
    if (running) throw new AppError('conflict', `The ${year} statements are already being sent.`);
    const [mailing] = await tx
      .insert(mailings)
      .values({
        subject: `Your ${year} giving statement from ${sender.associationName}`,
        body: `<p>Thank you for your generosity in ${year}. Your giving statement for the year is attached as a PDF: please keep it with your tax records.</p>`,
        audience: 'statements',
        statementYear: year,
        status: 'sending',
        createdBy: actor.id,
        sentBy: actor.email,
        startedAt: now,
      })
      .returning();
    const contacts = [...byAddress].map(([email, name]) => ({ mailingId: mailing!.id, email, name }));
    for (let start = 0; start < contacts.length; start += 500) await tx.insert(mailingRecipients).values(contacts.slice(start, start + 500));
    await writeAudit(tx, {
      actor,
      action: 'mailing.send',
      entityType: 'mailing',
      entityId: String(mailing!.id),
      from: null,
      to: 'sending',
      note: `The ${year} giving statements to ${contacts.length} ${contacts.length === 1 ? 'donor' : 'donors'}`,
    });
    return { mailing: mailing!, recipients: contacts.length };
  });
}

/**
 * Who the year's statements go to: each donor of the year once (by address, any case), named as on
 * their latest gift, leaving out deleted accounts' anonymised addresses. The admin is asked to
 * confirm with its size ('Mail {n} donors…'), and the mailing is fixed from it. A year without donors is refused.
 */
export async function statementRecipients(actor: Actor, year: number): Promise<Map<string, string>> {
  assertCan(actor, 'mailMembers');
  const byAddress = new Map<string, string>();
  for (const donor of await donorsOfYear(actor, year)) {
    const email = normalizeEmail(donor.email);
    if (!email.endsWith('@deleted.invalid') && !byAddress.has(email)) byAddress.set(email, donor.name.trim());
  }
  if (byAddress.size === 0) throw new AppError('conflict', `Nobody gave in ${year}, so there are no statements to send.`);
  return byAddress;
}

/** The mailing job's message, with the donor's statement attached when the mailing sends statements. */
export async function withStatement(mailing: Pick<Mailing, 'statementYear'>, mail: OutgoingMail): Promise<OutgoingMail> {
  if (mailing.statementYear === null) return mail;
  const { bytes, fileName } = await givingStatementPdfOfEmail(mailing.statementYear, mail.to);
  return { ...mail, attachments: [...(mail.attachments ?? []), { filename: fileName, content: Buffer.from(bytes), contentType: 'application/pdf' }] };
}
