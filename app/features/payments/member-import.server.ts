import { sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { payments } from '~/db/schema/payments';
import { readImportCsv } from '~/features/membership/import-csv.server';
import { dateReadingText, type DateOrder } from '~/features/membership/import-dates';
import {
  checkImportRows,
  choiceProblems,
  fileVocabulary,
  guessMapping,
  importChoices,
  interpretationKey,
  mappingProblems,
  nextImportMemory,
  type ColumnMapping,
  type ImportMemory,
  type ImportRow,
} from '~/features/membership/import-rules';
import { MAX_WORDS, type FileWord, type MethodChoice, type PlanChoice } from '~/features/membership/import-words';
import { existingPeople, inviteImportedMembers, recordMemberImport, rememberedImport, writeImportedMembers, type ImportedMember } from '~/features/membership/import.server';
import { membershipPlans } from '~/features/membership/plans';
import { writeAudit } from '~/lib/audit.server';
import { formatIsoDay, isoDayAfter } from '~/lib/dates';
import { inParts } from '~/lib/event-loop.server';
import { formatCents } from '~/lib/money';
import { assertCan, type Actor } from '~/lib/roles';
import { offlineMethodLabels } from './offline.schema';
import { offlinePaymentValues } from './payments.server';

/**
 * A member import (docs/product.md#member-import), run by the payment layer because an imported
 * member's fee becomes an offline payment (docs/decisions/004): the preview checks a file and
 * writes nothing; the commit checks it again and writes all valid rows in one transaction.
 */

/** A word of the file as the page offers it: how the file spells it, on how many rows, and what it means now (null: to choose). */
export type WordLine<Choice extends string> = FileWord & { choice: Choice | null };

/**
 * How the page reads the file (docs/product.md#member-import): its columns, how its dates read
 * (`text` says how, or asks when `question`), its plan and payment words, and the key of it all
 * that a confirmation must carry.
 */
export type ImportInterpretation = {
  headers: string[];
  mapping: ColumnMapping;
  dates: { order: DateOrder | null; text: string; question: boolean; dated: boolean };
  plans: WordLine<PlanChoice>[];
  methods: WordLine<MethodChoice>[];
  key: string;
};

export type ImportPreview =
  | { ok: false; problems: string[]; interpretation?: ImportInterpretation }
  | { ok: true; interpretation: ImportInterpretation; rows: ImportRow[]; counts: { create: number; update: number; skip: number }; today: string };

/**
 * What the page posts: the file, and where the admin chose them, the columns, the dates' order and
 * the words' meanings (by `wordKey`; a word left out takes its remembered or usual meaning).
 * `invite`: at commit, mail each new account an invitation to set its password. `previewed`: the key
 * of the preview being confirmed; a commit whose columns or choices no longer give it is refused.
 */
export type ImportRequest = {
  csv: string;
  mapping?: ColumnMapping | null;
  dateOrder?: DateOrder | null;
  plans?: Record<string, PlanChoice | undefined>;
  methods?: Record<string, MethodChoice | undefined>;
  fileName?: string | null;
  invite?: boolean;
  previewed?: string;
};

const PAYMENT_BATCH = 500;

type Checked = ImportPreview & { memory?: ImportMemory };

async function check(request: ImportRequest, executor: Executor = db()): Promise<Checked> {
  const file = readImportCsv(request.csv);
  if ('problem' in file) return { ok: false, problems: [file.problem] };
  const memory = await rememberedImport(executor);
  // A posted mapping that does not fit the file (a tampered post) starts again from the guess.
  const fits = !request.mapping || Object.values(request.mapping).every((index) => index >= 0 && index < file.headers.length);
  const mapping = (fits && request.mapping) || guessMapping(file.headers, memory.columns);
  const today = isoDayAfter(new Date(), 0);
  const vocabulary = fileVocabulary(file.rows, mapping, today);
  const choices = importChoices(vocabulary, request, memory);
  const reading = dateReadingText(vocabulary.dates, request.dateOrder ?? null, today);
  const interpretation: ImportInterpretation = {
    headers: file.headers,
    mapping,
    dates: { order: choices.dateOrder, text: reading.text, question: reading.question, dated: vocabulary.dates.evidence !== 'none' },
    // A column of more words than the page offers is the wrong column (choiceProblems says so): its words are not sent.
    plans: vocabulary.plans.slice(0, MAX_WORDS + 1).map((word) => ({ ...word, choice: choices.plans[word.key] ?? null })),
    methods: vocabulary.methods.slice(0, MAX_WORDS + 1).map((word) => ({ ...word, choice: choices.methods[word.key] ?? null })),
    key: interpretationKey(mapping, choices),
  };
  const problems = fits ? [...mappingProblems(mapping), ...choiceProblems(vocabulary, choices)] : ['The column mapping does not fit this file: choose the columns again.'];
  if (problems.length > 0) return { ok: false, problems, interpretation };
  const emails = file.rows.map((cells) => (cells[mapping.email!] ?? '').trim().toLowerCase());
  const rows = checkImportRows(file.rows, mapping, choices, await existingPeople(emails, executor), today);
  const counts = { create: 0, update: 0, skip: 0 };
  for (const row of rows) counts[row.action] += 1;
  return { ok: true, interpretation, rows, counts, today, memory: nextImportMemory(memory, file.headers, mapping, choices) };
}

/** What importing a file would do, row by row; writes nothing. */
export async function previewMemberImport(actor: Actor, request: ImportRequest): Promise<ImportPreview> {
  assertCan(actor, 'changeMembers');
  const { memory: _memory, ...preview } = await check(request);
  return preview;
}

/** The refusal of a confirmation whose preview is not the one its columns and choices give now. */
export const changedSincePreview = 'The columns or choices changed since the preview: check it again, then confirm.';

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
    if (request.previewed !== undefined && request.previewed !== preview.interpretation.key) return { ok: false, problems: [changedSincePreview] };
    const records = preview.rows.flatMap((row) => (row.record ? [row.record] : []));
    const members = await writeImportedMembers(tx, records);
    const paid = members.filter((member) => member.record.payment);
    for await (const part of inParts(paid, PAYMENT_BATCH)) {
      await tx.insert(payments).values(
        part.map(({ record, userId, applicationId }) =>
          offlinePaymentValues(
            {
              method: record.payment!.method,
              amount: record.payment!.amountCents,
              receivedOn: record.payment!.receivedOn,
              receivedBy: 'Member import',
              reference: record.notes?.slice(0, 120) ?? null,
            },
            { userId, purpose: 'membership', referenceId: applicationId, description: membershipPlans[record.plan].productName },
          ),
        ),
      );
    }
    const created = members.filter((member) => member.accountCreated).length;
    const updated = members.length - created;
    const invited = request.invite ? await inviteImportedMembers(tx, members) : 0;
    const importId = await recordMemberImport(tx, actor, { fileName: request.fileName ?? null, memory: preview.memory!, created, updated, rows: preview.rows });
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

export type PreviewLine = {
  row: number;
  email: string;
  action: ImportRow['action'];
  name: string;
  plan: string;
  joined: string;
  expires: string;
  /** An annual membership whose expiry has passed: imported as expired, never active. */
  lapsed: boolean;
  paid: string;
  problems: string[];
  remarks: string[];
};

/**
 * A preview as the page shows it (docs/product.md#member-import): the counts, every problem row
 * (up to PREVIEW_LIST.skipped) and the first rows to create or update, in row order, with their
 * dates written out (so a day/month mix-up shows) and whether they arrive lapsed.
 */
export function previewLines(rows: readonly ImportRow[], today: string): { lines: PreviewLine[]; hidden: number } {
  let skipped = 0;
  let valid = 0;
  const lines: PreviewLine[] = [];
  for (const row of rows) {
    if (row.action === 'skip' ? skipped++ >= PREVIEW_LIST.skipped : valid++ >= PREVIEW_LIST.valid) continue;
    const record = row.record;
    const lapsed = Boolean(record?.expiresOn && record.expiresOn < today);
    lines.push({
      row: row.row,
      email: row.email,
      action: row.action,
      name: row.name,
      plan: record ? membershipPlans[record.plan].productName : '',
      joined: record?.joinedOn ? formatIsoDay(record.joinedOn) : record ? 'Not in the file' : '',
      expires: record ? (record.plan === 'life' ? 'Never (life)' : record.expiresOn ? `${formatIsoDay(record.expiresOn)}${lapsed ? ', lapsed' : ''}` : '') : '',
      lapsed,
      paid: record?.payment
        ? `${formatCents(record.payment.amountCents)} by ${offlineMethodLabels[record.payment.method]} on ${formatIsoDay(record.payment.receivedOn)}`
        : record
          ? 'Nothing recorded'
          : '',
      problems: row.problems,
      remarks: row.remarks,
    });
  }
  return { lines, hidden: rows.length - lines.length };
}
