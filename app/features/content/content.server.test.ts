import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommitteeTerm, createDocument, createNews } from '../../../tests/factories/content';
import { setupTestDatabase } from '../../../tests/setup/database';
import {
  canDownloadDocument,
  findConstitution,
  getCommittees,
  getNewsItem,
  getSiteSettings,
  listMoreNews,
  listNews,
  readDocumentFile,
} from './content.server';

const database = setupTestDatabase();

describe('site settings', () => {
  it('says clearly when the database was never seeded', async () => {
    await expect(getSiteSettings()).rejects.toThrow('Site settings are missing: the database was not seeded.');
  });
});

describe('news', () => {
  it('lists newest first and finds one story by id', async () => {
    const older = await createNews(database.db(), { publishedAt: new Date('2026-01-01T12:00:00Z') });
    const newer = await createNews(database.db(), { publishedAt: new Date('2026-06-01T12:00:00Z') });
    expect((await listNews()).map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(await getNewsItem(older.id)).toMatchObject({ title: older.title });
    expect(await getNewsItem(999_999)).toBeUndefined();
    expect((await listMoreNews(newer.id)).map((item) => item.id)).toEqual([older.id]);
  });
});

describe('committees', () => {
  it('returns the latest term, and the earlier ones only when asked', async () => {
    await createCommitteeTerm(database.db(), { year: '2020/2022', startYear: 2020 }, [{ name: 'A', role: 'President' }]);
    await createCommitteeTerm(database.db(), { year: '2024/2026', startYear: 2024 }, [
      { name: 'B', role: 'President' },
      { name: 'C', role: 'Treasurer' },
    ]);
    await createCommitteeTerm(database.db(), { year: '2022/2024', startYear: 2022 }, [{ name: 'D', role: 'President' }]);

    const currentOnly = await getCommittees({ includePast: false });
    expect(currentOnly.current?.year).toBe('2024/2026');
    expect(currentOnly.current?.members.map((member) => member.name)).toEqual(['B', 'C']);
    expect(currentOnly.past).toEqual([]);
    expect(currentOnly.pastCount).toBe(2);

    const withPast = await getCommittees({ includePast: true });
    expect(withPast.past.map((term) => [term.year, term.members.map((member) => member.name)])).toEqual([
      ['2022/2024', ['D']],
      ['2020/2022', ['A']],
    ]);
  });
});

describe('documents', () => {
  it('finds the newest public constitution', async () => {
    expect(await findConstitution()).toBeUndefined();
    await createDocument(database.db(), { type: 'constitution', visibility: 'members', uploadDate: '2026-05-01' });
    expect(await findConstitution()).toBeUndefined();
    const old = await createDocument(database.db(), { type: 'constitution', visibility: 'public', uploadDate: '2024-01-01' });
    const current = await createDocument(database.db(), { type: 'constitution', visibility: 'public', uploadDate: '2026-01-01' });
    expect((await findConstitution())?.id).toBe(current.id);
    expect(old.id).not.toBe(current.id);
  });

  it('lets anyone download public documents and only members the others', async () => {
    const publicDoc = await createDocument(database.db(), { visibility: 'public' });
    const membersDoc = await createDocument(database.db(), { visibility: 'members' });
    expect(canDownloadDocument(publicDoc, { isMember: false })).toBe(true);
    expect(canDownloadDocument(membersDoc, { isMember: false })).toBe(false);
    expect(canDownloadDocument(membersDoc, { isMember: true })).toBe(true);
  });

  it('reads files from the uploads folder and nowhere else', async () => {
    const uploads = path.join(process.env.DATA_DIR!, 'uploads', 'documents');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, 'here.pdf'), '%PDF-1.4 test');
    const stored = await createDocument(database.db(), { filePath: 'documents/here.pdf' });
    expect((await readDocumentFile(stored))?.toString()).toBe('%PDF-1.4 test');

    const missing = await createDocument(database.db(), { filePath: 'documents/missing.pdf' });
    expect(await readDocumentFile(missing)).toBeUndefined();
    const escaping = await createDocument(database.db(), { filePath: '../auth-secret' });
    expect(await readDocumentFile(escaping)).toBeUndefined();
  });
});
