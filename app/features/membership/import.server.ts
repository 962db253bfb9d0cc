import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { users, verifications } from '~/db/schema/auth';
import { enqueuePacedMails } from '~/features/mail/outbox.server';
import { mailSender } from '~/features/mail/mail.server';
import { memberInvitationMail } from '~/features/mail/templates';
import { memberImports, membershipApplications } from '~/db/schema/membership';
import { toCsv } from '~/lib/csv';
import { inParts } from '~/lib/event-loop.server';
import { env } from '~/lib/env.server';
import { SITE_TIME_ZONE, zonedTimeToInstant } from '~/lib/dates';
import type { Actor } from '~/lib/roles';
import { readImportMemory, storedImportMemory, type ExistingPeople, type ImportMemory, type ImportRecord, type ImportRow } from './import-rules';

/**
 * The membership side of a member import (docs/product.md#member-import): who in a file is already
 * known, and, inside the import's transaction, the invited accounts and approved memberships of its
 * valid rows. The payments layer (features/payments/member-import.server.ts) runs the whole import.
 */
const CHUNK = 500;

/** Parts of CHUNK rows, one statement each, with the event loop handed to other requests between them. */
const chunks = <T>(items: readonly T[], size = CHUNK) => inParts(items, size);

/** Accounts with these emails, and those of them (or of their applications' emails) that hold a membership already. */
export async function existingPeople(emails: readonly string[], executor: Executor = db()): Promise<ExistingPeople> {
  const accounts = new Set<string>();
  const members = new Set<string>();
  for await (const part of chunks([...new Set(emails)].filter(Boolean))) {
    const found = await executor
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const row of found) accounts.add(row.email.toLowerCase());
    const ids = found.map((row) => row.id);
    const held = await executor
      .select({ email: membershipApplications.email, accountEmail: users.email })
      .from(membershipApplications)
      .leftJoin(users, sql`${users.id} = ${membershipApplications.userId}`)
      .where(
        and(
          inArray(membershipApplications.status, ['approved', 'pending_approval']),
          or(inArray(sql`lower(${membershipApplications.email})`, part), ids.length ? inArray(membershipApplications.userId, ids) : undefined),
        ),
      );
    for (const row of held) {
      members.add(row.email.toLowerCase());
      if (row.accountEmail) members.add(row.accountEmail.toLowerCase());
    }
  }
  return { accounts, members };
}

/** What the last confirmed import left to start the next file from: its columns by header name, and what its words meant. */
export async function rememberedImport(executor: Executor = db()): Promise<ImportMemory> {
  const [last] = await executor.select({ mapping: memberImports.mapping }).from(memberImports).orderBy(desc(memberImports.createdAt)).limit(1);
  return readImportMemory(last?.mapping);
}

/** A day of the file as an instant: noon in the association's time zone, like money received by hand. */
export const importDayInstant = (day: string) => zonedTimeToInstant(day, '12:00', SITE_TIME_ZONE);

export type ImportedMember = { record: ImportRecord; userId: string; applicationId: string; accountCreated: boolean };

/**
 * Writes the valid rows, inside the import's transaction: an invited account for each new email (no
 * password until they set one from their invitation; the email is taken as verified, since the
 * committee's list vouches for it and the link goes to that address) and an approved membership
 * with the file's dates. Emails with an account get the membership added to it.
 */
export async function writeImportedMembers(tx: Executor, records: readonly ImportRecord[]): Promise<ImportedMember[]> {
  const known = new Map<string, string>();
  for await (const part of chunks(records.map((record) => record.email))) {
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const row of found) known.set(row.email.toLowerCase(), row.id);
  }
  const members: ImportedMember[] = records.map((record) => {
    const userId = known.get(record.email);
    return { record, userId: userId ?? randomUUID(), applicationId: randomUUID(), accountCreated: !userId };
  });
  for await (const part of chunks(members.filter((member) => member.accountCreated))) {
    await tx.insert(users).values(part.map(({ record, userId }) => ({ id: userId, name: `${record.firstName} ${record.lastName}`.trim(), email: record.email, emailVerified: true })));
  }
  for await (const part of chunks(members)) {
    await tx.insert(membershipApplications).values(
      part.map(({ record, userId, applicationId }) => ({
        id: applicationId,
        userId,
        firstName: record.firstName,
        lastName: record.lastName,
        email: record.email,
        phoneNumber: record.phone,
        homeAddress: record.address,
        olYear: record.olYear,
        alYear: record.alYear,
        membershipType: record.plan,
        status: 'approved' as const,
        // The file's dates only: no joined date, no "member since" (never the day of the import).
        memberSince: record.joinedOn ? importDayInstant(record.joinedOn) : null,
        expiresAt: record.plan === 'life' || !record.expiresOn ? null : importDayInstant(record.expiresOn),
      })),
    );
  }
  return members;
}

/** How long an invitation's link works: people open such mail days later. */
export const INVITATION_DAYS = 30;
const INVITATION_CHUNK = 500;

/**
 * One invitation mail for each account the import created (docs/product.md#member-import), inside
 * its transaction: a set-password token as better-auth's reset flow keeps it (`reset-password:{token}`
 * in `verifications`, valid INVITATION_DAYS), and the mail in the outbox, paced at the mailing rate.
 * The link opens the reset page in its "Set your password" form; setting it gives the account its
 * password, and the person signs in.
 */
export async function inviteImportedMembers(tx: Executor, members: readonly ImportedMember[]): Promise<number> {
  const invited = members.filter((member) => member.accountCreated);
  if (invited.length === 0) return 0;
  const sender = await mailSender(tx);
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const base = env().publicUrl;
  // A part at a time, so a large import never holds every mail's text at once; each part's mails
  // are paced after the previous part's (enqueuePacedMails continues after the waiting ones).
  for await (const part of chunks(invited, INVITATION_CHUNK)) {
    const tokens = part.map(() => randomBytes(18).toString('base64url'));
    await tx.insert(verifications).values(part.map((member, index) => ({ id: randomUUID(), identifier: `reset-password:${tokens[index]}`, value: member.userId, expiresAt })));
    const mails = part.map(({ record }, index) => {
      const name = `${record.firstName} ${record.lastName}`.trim();
      const url = `${base}/update-password?invited=1&token=${encodeURIComponent(tokens[index]!)}`;
      return { to: record.email, ...memberInvitationMail(sender, { name }, url, INVITATION_DAYS) };
    });
    await enqueuePacedMails(tx, 'member_invitation', mails);
  }
  return invited.length;
}

/** The skipped rows as a CSV report: row number, email and every problem. */
export function skippedRowsReport(rows: readonly ImportRow[]): string {
  return toCsv(
    rows.filter((row) => row.action === 'skip'),
    [
      { header: 'Row', value: (row) => row.row },
      { header: 'Email', value: (row) => row.email },
      { header: 'Problems', value: (row) => row.problems.join(' ') },
    ],
  );
}

/** Records a confirmed import, inside its transaction; returns its id. */
export async function recordMemberImport(
  tx: Executor,
  actor: Actor,
  details: { fileName: string | null; memory: ImportMemory; created: number; updated: number; rows: readonly ImportRow[] },
): Promise<string> {
  const skipped = details.rows.filter((row) => row.action === 'skip').length;
  const [row] = await tx
    .insert(memberImports)
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      fileName: details.fileName,
      mapping: storedImportMemory(details.memory),
      createdCount: details.created,
      updatedCount: details.updated,
      skippedCount: skipped,
      skippedReport: skippedRowsReport(details.rows),
    })
    .returning({ id: memberImports.id });
  return row!.id;
}

/** A confirmed import's skipped-rows report, for download. */
export async function memberImportReport(id: string): Promise<{ fileName: string | null; report: string } | undefined> {
  const [row] = await db().select({ fileName: memberImports.fileName, report: memberImports.skippedReport }).from(memberImports).where(eq(memberImports.id, id));
  return row;
}

/** A confirmed import's summary, for the page after it: what it did and when. */
export async function memberImportSummary(id: string) {
  const [row] = await db()
    .select({
      id: memberImports.id,
      fileName: memberImports.fileName,
      created: memberImports.createdCount,
      updated: memberImports.updatedCount,
      skipped: memberImports.skippedCount,
      createdAt: memberImports.createdAt,
    })
    .from(memberImports)
    .where(eq(memberImports.id, id));
  return row;
}
