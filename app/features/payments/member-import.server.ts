import { sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { payments } from '~/db/schema/payments';
import { readImportCsv } from '~/features/membership/import-csv.server';
import { checkImportRows, guessMapping, mappingByHeader, mappingProblems, type ColumnMapping, type ImportField, type ImportRow } from '~/features/membership/import-rules';
import { existingPeople, inviteImportedMembers, recordMemberImport, rememberedImportMapping, writeImportedMembers, type ImportedMember } from '~/features/membership/import.server';
import { membershipPlans } from '~/features/membership/plans';
import { writeAudit } from '~/lib/audit.server';
import { isoDayAfter } from '~/lib/dates';
import { formatCents } from '~/lib/money';
import { assertCan, type Actor } from '~/lib/roles';
import { offlinePaymentValues } from './payments.server';

/**
 * A member import (docs/product.md#member-import), run by the payment layer because an imported
 * member's fee becomes an offline payment (docs/decisions/004): the preview checks a file and
 * writes nothing; the commit checks it again and writes all valid rows in one transaction.
 */
export type ImportPreview =
  | { ok: false; problems: string[]; headers?: string[]; mapping?: ColumnMapping }
  | { ok: true; headers: string[]; mapping: ColumnMapping; rows: ImportRow[]; counts: { create: number; update: number; skip: number } };

/** `invite`: at commit, mail each new account an invitation to set its password. */
export type ImportRequest = { csv: string; mapping?: ColumnMapping | null; fileName?: string | null; invite?: boolean };

const PAYMENT_BATCH = 1000;

async function check(request: ImportRequest, executor: Executor = db()): Promise<ImportPreview> {
  const file = readImportCsv(request.csv);
  if ('problem' in file) return { ok: false, problems: [file.problem] };
  const mapping = request.mapping ?? guessMapping(file.headers, await rememberedImportMapping(executor));
  const outOfRange = Object.values(mapping).some((index) => index < 0 || index >= file.headers.length);
  const problems = outOfRange ? ['The column mapping does not fit this file: choose the columns again.'] : mappingProblems(mapping);
  if (problems.length > 0) return { ok: false, problems, headers: file.headers, mapping };
  const emails = file.rows.map((cells) => (cells[mapping.email!] ?? '').trim().toLowerCase());
  const rows = checkImportRows(file.rows, mapping, await existingPeople(emails, executor), isoDayAfter(new Date(), 0));
  const counts = { create: 0, update: 0, skip: 0 };
  for (const row of rows) counts[row.action] += 1;
  return { ok: true, headers: file.headers, mapping, rows, counts };
}

/** What importing a file would do, row by row; writes nothing. */
export async function previewMemberImport(actor: Actor, request: ImportRequest): Promise<ImportPreview> {
  assertCan(actor, 'changeMembers');
  return check(request);
}

export type ImportOutcome = { ok: false; problems: string[] } | { ok: true; importId: string; created: number; updated: number; skipped: number; invited: number; members: ImportedMember[] };

/**
 * Imports a file's valid rows in one transaction, audited: invited accounts, approved memberships
 * and their offline payments. One import runs at a time; the file is checked again inside it, so a
 * second run of the same file finds everyone already a member and changes nothing but its record
 * (and mails no one: only accounts the run creates are invited).
 */
export async function commitMemberImport(actor: Actor, request: ImportRequest): Promise<ImportOutcome> {
  assertCan(actor, 'changeMembers');
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member_import'))`);
    const preview = await check(request, tx);
    if (!preview.ok) return { ok: false, problems: preview.problems };
    const records = preview.rows.flatMap((row) => (row.record ? [row.record] : []));
    const members = await writeImportedMembers(tx, records);
    const paid = members.filter((member) => member.record.payment);
    for (let at = 0; at < paid.length; at += PAYMENT_BATCH) {
      await tx.insert(payments).values(
        paid.slice(at, at + PAYMENT_BATCH).map(({ record, userId, applicationId }) =>
          offlinePaymentValues(
            { method: record.payment!.method, amount: record.payment!.amountCents, receivedOn: record.payment!.receivedOn, receivedBy: 'Member import', reference: record.notes?.slice(0, 120) ?? null },
            { userId, purpose: 'membership', referenceId: applicationId, description: membershipPlans[record.plan].productName },
          ),
        ),
      );
    }
    const created = members.filter((member) => member.accountCreated).length;
    const updated = members.length - created;
    const mapping: Partial<Record<ImportField, string>> = mappingByHeader(preview.headers, preview.mapping);
    const invited = request.invite ? await inviteImportedMembers(tx, members) : 0;
    const importId = await recordMemberImport(tx, actor, { fileName: request.fileName ?? null, mapping, created, updated, rows: preview.rows });
    await writeAudit(tx, {
      actor,
      action: 'members.import',
      entityType: 'member_import',
      entityId: importId,
      to: `${created} created, ${updated} updated, ${preview.counts.skip} skipped, ${invited} invited`,
      note: request.fileName ?? null,
    });
    return { ok: true, importId, created, updated, skipped: preview.counts.skip, invited, members };
  });
}

/** How many rows of each kind the page lists: every skipped row up to 1,000, the first 200 others. */
export const PREVIEW_LIST = { skipped: 1000, valid: 200 } as const;

export type PreviewLine = { row: number; email: string; action: ImportRow['action']; name: string; plan: string; expires: string; paid: string; problems: string[] };

/**
 * A preview as the page shows it (docs/product.md#member-import): the counts, every problem row
 * (up to PREVIEW_LIST.skipped) and the first rows to create or update, in row order.
 */
export function previewLines(rows: readonly ImportRow[]): { lines: PreviewLine[]; hidden: number } {
  let skipped = 0;
  let valid = 0;
  const lines: PreviewLine[] = [];
  for (const row of rows) {
    if (row.action === 'skip' ? skipped++ >= PREVIEW_LIST.skipped : valid++ >= PREVIEW_LIST.valid) continue;
    const record = row.record;
    lines.push({
      row: row.row,
      email: row.email,
      action: row.action,
      name: record ? `${record.firstName} ${record.lastName}`.trim() : '',
      plan: record ? membershipPlans[record.plan].productName : '',
      expires: record ? (record.plan === 'life' ? 'Never (life)' : (record.expiresOn ?? '')) : '',
      paid: record?.payment ? `${formatCents(record.payment.amountCents)} on ${record.payment.receivedOn}` : '',
      problems: row.problems,
    });
  }
  return { lines, hidden: rows.length - lines.length };
}
