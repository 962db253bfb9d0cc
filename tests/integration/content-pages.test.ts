import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '~/db/schema/content';
import { media } from '~/db/schema/media';
import { samplePdf } from '~/db/sample-pdf';
import { storeUpload } from '~/features/media/media.server';
import { actorWith, refusalOf } from '../factories/actors';
import { setupTestDatabase } from '../setup/database';
import { committeeMemberSchema, termSchema } from '~/features/content/committees.schema';
import { deleteCommitteeMember, getCommittees, saveCommitteeMember, saveTerm } from '~/features/content/committees.server';
import { documentSchema } from '~/features/content/documents.schema';
import { canDownloadDocument, listDocuments, readDocumentFile, saveDocument } from '~/features/content/documents.server';
import { anthemSchema, legalPageSchema, milestoneSchema } from '~/features/content/pages.schema';
import { getAnthemPage, getHistoryPage, getLegalPage, saveAnthem, saveLegalPage, saveMilestone } from '~/features/content/pages.server';

const database = setupTestDatabase();
const editor = actorWith('editor');

const pdf = async (title: string) => new File([new Uint8Array(await samplePdf(title, [`The ${title}.`]))], `${title}.pdf`, { type: 'application/pdf' });
const wav = () => {
  const bytes = Buffer.alloc(64);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(56, 4);
  bytes.write('WAVE', 8, 'latin1');
  return new File([new Uint8Array(bytes)], 'anthem.wav', { type: 'audio/wav' });
};

describe('committees', () => {
  it('marks one term current; the others list as past, newest first, with their people in order', async () => {
    const older = await saveTerm(editor, null, termSchema.parse({ year: '2020/2022', isCurrent: 'on' }));
    const newer = await saveTerm(editor, null, termSchema.parse({ year: '2024 / 2026', isCurrent: 'on' }));
    expect(newer.year).toBe('2024/2026');
    await saveCommitteeMember(editor, newer.id, null, committeeMemberSchema.parse({ name: 'B Person', role: 'Secretary', sortOrder: '2' }));
    const president = await saveCommitteeMember(editor, newer.id, null, committeeMemberSchema.parse({ name: 'A Person', role: 'President', sortOrder: '1', email: 'a@example.org' }));
    const { current, past } = await getCommittees({ includePast: true });
    expect(current?.id).toBe(newer.id);
    expect(current?.members.map((member) => member.name)).toEqual(['A Person', 'B Person']);
    expect(past.map((term) => term.id)).toContain(older.id);
    expect(await refusalOf(() => saveTerm(editor, null, termSchema.parse({ year: '2024/2026' })))).toMatchObject({ field: 'year', message: 'There is already a 2024/2026 committee.' });
    await deleteCommitteeMember(editor, president.id);
    expect((await getCommittees({ includePast: false })).current?.members.map((member) => member.name)).toEqual(['B Person']);
    expect(termSchema.safeParse({ year: '2024' }).error?.issues[0]?.message).toBe('Write the term as two years, like 2024/2026.');
  });
});

describe('documents', () => {
  it('replacing the PDF keeps the document’s id (its link) and removes the old file', async () => {
    const first = await storeUpload(editor, await pdf('Constitution'), 'document');
    const document = await saveDocument(editor, null, documentSchema.parse({ title: 'Constitution', category: 'Governance', visibility: 'public' }), { fileMediaId: first.id });
    const second = await storeUpload(editor, await pdf('Constitution 2026'), 'document');
    const replaced = await saveDocument(editor, document.id, documentSchema.parse({ title: 'Constitution', category: 'Governance', visibility: 'public' }), { fileMediaId: second.id });
    expect(replaced.id).toBe(document.id);
    expect(replaced.mediaId).toBe(second.id);
    expect((await readDocumentFile(replaced))?.toString('latin1')).toContain('Constitution 2026');
    expect(await database.db().select().from(media).where(eq(media.id, first.id))).toEqual([]);
  });

  it('a new document needs its PDF; members’ documents are for members only', async () => {
    const input = documentSchema.parse({ title: 'Minutes', category: 'Minutes', visibility: 'members' });
    expect(await refusalOf(() => saveDocument(editor, null, input))).toMatchObject({ field: 'file', message: 'Choose the PDF to upload.' });
    const file = await storeUpload(editor, await pdf('Minutes'), 'document');
    const minutes = await saveDocument(editor, null, input, { fileMediaId: file.id });
    expect(canDownloadDocument(minutes, { isMember: false })).toBe(false);
    expect(canDownloadDocument(minutes, { isMember: true })).toBe(true);
    expect((await listDocuments({ readsMembersDocuments: false })).map((row) => row.id)).not.toContain(minutes.id);
    expect((await listDocuments({ readsMembersDocuments: true })).map((row) => row.id)).toContain(minutes.id);
    const [row] = await database.db().select().from(documents).where(eq(documents.id, minutes.id));
    expect(row).toMatchObject({ type: 'minutes', mimeType: 'application/pdf', visibility: 'members' });
  });
});

describe('pages', () => {
  it('the anthem keeps its recording until replaced or removed, and the old file goes', async () => {
    const recording = await storeUpload(editor, wav(), 'audio');
    const words = anthemSchema.parse({ intro: 'Our anthem.', verses: 'Line one\nLine two\n\nLine three', chorus: 'Sing', note: '' });
    await saveAnthem(editor, words, { audioMediaId: recording.id });
    const anthem = await getAnthemPage();
    expect(anthem).toMatchObject({ verses: [['Line one', 'Line two'], ['Line three']], chorus: ['Sing'], audioUrl: `/media/${recording.id}/original` });
    await saveAnthem(editor, words);
    expect((await getAnthemPage()).audioMediaId).toBe(recording.id);
    await saveAnthem(editor, words, { removeAudio: true });
    expect((await getAnthemPage()).audioUrl).toBeNull();
    expect(await database.db().select().from(media).where(eq(media.id, recording.id))).toEqual([]);
  });

  it('history milestones are listed in their order; a bad year is refused with a message', async () => {
    const later = await saveMilestone(editor, null, milestoneSchema.parse({ year: '1990', title: 'New hall', text: 'Opened.', sortOrder: '20' }));
    await saveMilestone(editor, null, milestoneSchema.parse({ year: '1948', title: 'Founded', text: 'The start.', sortOrder: '10' }));
    await saveMilestone(editor, later.id, milestoneSchema.parse({ year: '1991', title: 'New hall', text: 'Opened a year late.', sortOrder: '20' }));
    const titles = (await getHistoryPage()).milestones.map((milestone) => `${milestone.year} ${milestone.title}`);
    expect(titles.indexOf('1948 Founded')).toBeLessThan(titles.indexOf('1991 New hall'));
    expect(milestoneSchema.safeParse({ year: '19', title: 'x', text: 'y' }).error?.issues[0]?.message).toBe('Year must be a year like 1948.');
  });

  it('legal pages have real words by default, and editors’ words replace them', async () => {
    expect((await getLegalPage('privacy-policy')).body).toContain('<h2>');
    await saveLegalPage(editor, 'terms-of-service', legalPageSchema.parse({ title: 'Terms of Service', body: 'Be kind.\n\nPay on time.' }));
    expect(await getLegalPage('terms-of-service')).toMatchObject({ title: 'Terms of Service', body: '<p>Be kind.</p><p>Pay on time.</p>' });
    expect(await refusalOf(() => saveLegalPage(editor, 'cookie-policy', legalPageSchema.parse({ title: 'Cookies', body: '<p> </p>' })))).toMatchObject({ field: 'body' });
  });

  it('only editors and admins change pages', async () => {
    for (const role of ['member', 'finance']) {
      expect((await refusalOf(() => saveLegalPage(actorWith(role), 'privacy-policy', { title: 'x', body: 'y' }))).code).toBe('forbidden');
    }
    // (Not the privacy policy: another test reads its default words.)
    await saveLegalPage(actorWith('super_admin'), 'terms-of-service', { title: 'Privacy Policy', body: '<p>We keep little.</p>' });
  });
});
