/** /media/{id}/{variant} as browsers and players use it, and the move of older uploads into the database. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '~/db/schema/content';
import { moveLegacyUploadsIntoDatabase } from '~/db/legacy-uploads.server';
import { readDocumentFile } from '~/features/content/documents.server';
import { storeUpload } from '~/features/media/media.server';
import { loader as mediaLoader } from '~/routes/media.$id.$variant';
import { actorWith } from '../factories/actors';
import { createStoredFile, pngFile } from '../factories/media';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

const database = setupTestDatabase();
const editor = actorWith('editor');

const get = (id: string, variant: string, headers: Record<string, string> = {}) => mediaLoader(routeArgs(`/media/${id}/${variant}`, { headers }, { id, variant }));

describe('/media/{id}/{variant}', () => {
  it('serves a picture variant as WebP, cached for a year, and 304 when the browser has it', async () => {
    const picture = await storeUpload(editor, await pngFile(700, 350), 'image');
    const response = await get(picture.id, 'w640');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/webp');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('ETag')!;
    expect((await response.arrayBuffer()).byteLength).toBe(Number(response.headers.get('Content-Length')));
    expect((await get(picture.id, 'w640', { 'If-None-Match': etag })).status).toBe(304);
    expect((await get(picture.id, 'w960')).status).toBe(404);
  });

  it('answers 304 to any tag the browser or a proxy lists, weak or strong, and 200 to a reload', async () => {
    const picture = await storeUpload(editor, await pngFile(400, 200), 'image');
    const etag = (await get(picture.id, 'w320')).headers.get('ETag')!;
    const status = async (headers: Record<string, string>) => (await get(picture.id, 'w320', headers)).status;
    expect(await status({ 'If-None-Match': `"other", ${etag}` })).toBe(304);
    expect(await status({ 'If-None-Match': `W/${etag}` })).toBe(304);
    expect(await status({ 'If-None-Match': '*' })).toBe(304);
    const notModified = await get(picture.id, 'w320', { 'If-None-Match': etag });
    expect(notModified.headers.get('ETag')).toBe(etag);
    expect(notModified.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await status({ 'If-None-Match': '"other"' })).toBe(200);
    expect(await status({ 'If-None-Match': `"${picture.id}-w640"` })).toBe(200);
    expect(await status({ 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).toBe(200);
  });

  it('answers byte ranges, so a player can seek in a recording', async () => {
    const bytes = Buffer.alloc(1000, 7);
    bytes.write('RIFF', 0, 'latin1');
    bytes.write('WAVE', 8, 'latin1');
    const recording = await storeUpload(editor, new File([new Uint8Array(bytes)], 'anthem.wav'), 'audio');
    const part = await get(recording.id, 'original', { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe('bytes 100-199/1000');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const tail = await get(recording.id, 'original', { Range: 'bytes=-10' });
    expect(tail.headers.get('Content-Range')).toBe('bytes 990-999/1000');
    const beyond = await get(recording.id, 'original', { Range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe('bytes */1000');
    // If-Range: the part is sent only if the player's copy is this one.
    const etag = part.headers.get('ETag')!;
    expect((await get(recording.id, 'original', { Range: 'bytes=100-199', 'If-Range': etag })).status).toBe(206);
    const other = await get(recording.id, 'original', { Range: 'bytes=100-199', 'If-Range': '"an-older-copy"' });
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBe(1000);
  });

  it('never serves a document (they go through their own permission check), nor unknown ids', async () => {
    const pdf = await createStoredFile(database.db(), { kind: 'document', fileName: 'minutes.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 members only') });
    expect((await get(pdf.id, 'original')).status).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', 'original')).status).toBe(404);
    expect((await get('nonsense', 'original')).status).toBe(404);
  });
});

describe('uploads from before files lived in the database', () => {
  it('are moved in at start; a missing file or a path outside the folder is left alone', async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), 'ppa-legacy-'));
    mkdirSync(path.join(uploads, 'documents'));
    writeFileSync(path.join(uploads, 'documents', 'bylaws.pdf'), '%PDF-1.4 old bylaws');
    const insert = (filePath: string) =>
      database
        .db()
        .insert(documents)
        .values({ title: filePath, type: 'governance', fileName: 'bylaws.pdf', filePath, mimeType: 'application/pdf', uploadDate: '2024-01-01', visibility: 'public' })
        .returning()
        .then((rows) => rows[0]!);
    const kept = await insert('documents/bylaws.pdf');
    const missing = await insert('documents/gone.pdf');
    const outside = await insert('../../etc/passwd');

    expect(await moveLegacyUploadsIntoDatabase(database.db(), uploads)).toBe(1);
    const [moved] = await database.db().select().from(documents).where(eq(documents.id, kept.id));
    expect(moved).toMatchObject({ filePath: null });
    expect((await readDocumentFile(moved!))?.toString()).toBe('%PDF-1.4 old bylaws');
    const untouched = await database.db().select().from(documents).where(eq(documents.id, missing.id));
    expect(untouched[0]).toMatchObject({ mediaId: null, filePath: 'documents/gone.pdf' });
    expect((await database.db().select().from(documents).where(eq(documents.id, outside.id)))[0]?.mediaId).toBeNull();
    // Run again (the next start): nothing left to move.
    expect(await moveLegacyUploadsIntoDatabase(database.db(), uploads)).toBe(0);
  });
});
