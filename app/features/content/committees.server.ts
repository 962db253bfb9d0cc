import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { committeeMembers, committeeTerms } from '~/db/schema/content';
import { discardIfUnused, imageSources } from '~/features/media/media.server';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import type { ImageSources } from '~/lib/images';
import { assertCan, type Actor } from '~/lib/roles';
import type { CommitteeMemberInput, TermInput } from './committees.schema';

export type CommitteeMember = typeof committeeMembers.$inferSelect & { photo: ImageSources | null };
export type Term = typeof committeeTerms.$inferSelect;
export type CommitteeTerm = Term & { members: CommitteeMember[] };

async function membersOf(termIds: number[]): Promise<Map<number, CommitteeMember[]>> {
  const byTerm = new Map<number, CommitteeMember[]>(termIds.map((id) => [id, []]));
  if (termIds.length === 0) return byTerm;
  const rows = await db().select().from(committeeMembers).where(inArray(committeeMembers.termId, termIds)).orderBy(asc(committeeMembers.sortOrder), asc(committeeMembers.id));
  const photos = await imageSources(rows.map((row) => row.photoMediaId));
  for (const row of rows) byTerm.get(row.termId)?.push({ ...row, photo: row.photoMediaId ? (photos.get(row.photoMediaId) ?? null) : null });
  return byTerm;
}

/** Terms newest first; the current one (marked by editors, else the latest) first of all. */
async function termsInOrder(): Promise<Term[]> {
  const terms = await db().select().from(committeeTerms).orderBy(desc(committeeTerms.startYear), desc(committeeTerms.id));
  const current = terms.find((term) => term.isCurrent) ?? terms[0];
  return current ? [current, ...terms.filter((term) => term !== current)] : [];
}

/** The current committee and, when asked, the earlier ones, newest first (the committees page). */
export async function getCommittees(options: { includePast: boolean }): Promise<{ current: CommitteeTerm | null; past: CommitteeTerm[]; pastCount: number }> {
  const [current, ...earlier] = await termsInOrder();
  if (!current) return { current: null, past: [], pastCount: 0 };
  const wanted = options.includePast ? [current, ...earlier] : [current];
  const members = await membersOf(wanted.map((term) => term.id));
  const withMembers = (term: Term): CommitteeTerm => ({ ...term, members: members.get(term.id) ?? [] });
  return { current: withMembers(current), past: options.includePast ? earlier.map(withMembers) : [], pastCount: earlier.length };
}

/** Every term with its people, for the content area. */
export async function listTermsForEditors(actor: Actor): Promise<CommitteeTerm[]> {
  assertCan(actor, 'editContent');
  const terms = await termsInOrder();
  const members = await membersOf(terms.map((term) => term.id));
  return terms.map((term) => ({ ...term, members: members.get(term.id) ?? [] }));
}

const startYearOf = (year: string) => Number(year.slice(0, 4));

/** Adds or renames a term; marking it current unmarks the one that was. */
export async function saveTerm(actor: Actor, id: number | null, input: TermInput): Promise<Term> {
  assertCan(actor, 'editContent');
  const year = input.year.replace(/\s+/g, '');
  return db().transaction(async (tx) => {
    const [clash] = await tx.select({ id: committeeTerms.id }).from(committeeTerms).where(eq(committeeTerms.year, year)).limit(1);
    if (clash && clash.id !== id) throw new AppError('conflict', `There is already a ${year} committee.`, { field: 'year' });
    if (input.isCurrent) await tx.update(committeeTerms).set({ isCurrent: false }).where(eq(committeeTerms.isCurrent, true));
    const values = { year, startYear: startYearOf(year), isCurrent: input.isCurrent };
    const [saved] = id === null ? await tx.insert(committeeTerms).values(values).returning() : await tx.update(committeeTerms).set(values).where(eq(committeeTerms.id, id)).returning();
    if (!saved) throw new AppError('not_found', 'Committee not found.');
    await writeAudit(tx, {
      actor,
      action: id === null ? 'committee.create' : 'committee.update',
      entityType: 'committee_term',
      entityId: String(saved.id),
      to: `${year}${input.isCurrent ? ' (current)' : ''}`,
    });
    return saved;
  });
}

export async function deleteTerm(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const people = await tx.select({ photoMediaId: committeeMembers.photoMediaId }).from(committeeMembers).where(eq(committeeMembers.termId, id));
    const [removed] = await tx.delete(committeeTerms).where(eq(committeeTerms.id, id)).returning();
    if (!removed) throw new AppError('not_found', 'Committee not found.');
    for (const person of people) await discardIfUnused(tx, person.photoMediaId);
    await writeAudit(tx, { actor, action: 'committee.delete', entityType: 'committee_term', entityId: String(id), from: removed.year });
  });
}

/** Adds or edits a person on a term; a new photo replaces the old one. */
export async function saveCommitteeMember(
  actor: Actor,
  termId: number,
  memberId: number | null,
  input: CommitteeMemberInput,
  options: { photoMediaId?: string | null } = {},
): Promise<typeof committeeMembers.$inferSelect> {
  assertCan(actor, 'editContent');
  return db().transaction(async (tx) => {
    const [term] = await tx.select().from(committeeTerms).where(eq(committeeTerms.id, termId)).limit(1);
    if (!term) throw new AppError('not_found', 'Committee not found.');
    const { photo: _photo, ...fields } = input;
    const values = { ...fields, termId, ...(options.photoMediaId ? { photoMediaId: options.photoMediaId } : {}) };
    const ofTerm = (id: number) => and(eq(committeeMembers.id, id), eq(committeeMembers.termId, termId));
    const [before] = memberId === null ? [] : await tx.select().from(committeeMembers).where(ofTerm(memberId)).limit(1);
    const [saved] = memberId === null ? await tx.insert(committeeMembers).values(values).returning() : await tx.update(committeeMembers).set(values).where(ofTerm(memberId)).returning();
    if (!saved) throw new AppError('not_found', 'Committee member not found.');
    if (before && before.photoMediaId !== saved.photoMediaId) await discardIfUnused(tx, before.photoMediaId);
    await writeAudit(tx, {
      actor,
      action: memberId === null ? 'committee.member.create' : 'committee.member.update',
      entityType: 'committee_member',
      entityId: String(saved.id),
      to: `${input.name}, ${input.role} (${term.year})`,
    });
    return saved;
  });
}

export async function deleteCommitteeMember(actor: Actor, memberId: number): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    const [removed] = await tx.delete(committeeMembers).where(eq(committeeMembers.id, memberId)).returning();
    if (!removed) throw new AppError('not_found', 'Committee member not found.');
    await discardIfUnused(tx, removed.photoMediaId);
    await writeAudit(tx, { actor, action: 'committee.member.delete', entityType: 'committee_member', entityId: String(memberId), from: `${removed.name}, ${removed.role}` });
  });
}
