import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { news } from '~/db/schema/content';
import { media, mediaFiles } from '~/db/schema/media';
import { samplePdf } from '~/db/sample-pdf';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import { actorWith, refusalOf } from '../factories/actors';
import { pngFile } from '../factories/media';
import { setupTestDatabase } from '../setup/database';
import { imageSources, listMedia, readMediaFile, readPublicMediaFile, storeUpload, withUpload } from '~/features/media/media.server';

const database = setupTestDatabase();
const editor = actorWith('editor');

const globalEnv = globalThis as typeof globalThis & { __ppaEnv?: ReturnType<typeof env> };
const configured = env();
afterEach(() => {
  globalEnv.__ppaEnv = configured;
});

describe('storing an upload', () => {
  it('turns a picture into WebP at each width up to its own, with width and height', async () => {
    const stored = await storeUpload(editor, await pngFile(2000, 1000), 'image');
    const files = await database.db().select().from(mediaFiles).where(eq(mediaFiles.mediaId, stored.id));
    expect(files.map((file) => [file.variant, file.mimeType, file.width, file.height]).sort()).toEqual([
      ['w1600', 'image/webp', 1600, 800],
      ['w320', 'image/webp', 320, 160],
      ['w640', 'image/webp', 640, 320],
      ['w960', 'image/webp', 960, 480],
    ]);
    expect(stored).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 1600, height: 800 });
    expect(stored.sizeBytes).toBe(files.reduce((total, file) => total + file.sizeBytes, 0));
    // The bytes are real WebP pictures of the size they claim.
    const largest = await readMediaFile(stored.id, 'w1600');
    expect(await sharp(largest!.bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const sources = (await imageSources([stored.id])).get(stored.id)!;
    expect(sources).toMatchObject({ width: 1600, height: 800 });
    expect(sources.srcSet).toContain(`/media/${stored.id}/w320 320w`);
    expect(sources.srcSet).toContain(`/media/${stored.id}/w1600 1600w`);
  });

  it('never enlarges a small picture: it keeps its own width as the largest variant', async () => {
    const stored = await storeUpload(editor, await pngFile(500, 500), 'image');
    const files = await database.db().select({ variant: mediaFiles.variant }).from(mediaFiles).where(eq(mediaFiles.mediaId, stored.id));
    expect(files.map((file) => file.variant).sort()).toEqual(['w320', 'w500']);
  });

  it('checks the type by the content, not by the name', async () => {
    const pdfNamedPng = new File([new Uint8Array(await samplePdf('Minutes', ['Text']))], 'photo.png', { type: 'image/png' });
    expect((await refusalOf(() => storeUpload(editor, pdfNamedPng, 'image', { field: 'cover' }))).message).toBe('This file is not a picture (JPEG, PNG, WebP, GIF or AVIF).');
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', { type: 'image/png' });
    const refused = await refusalOf(() => storeUpload(editor, svg, 'image', { field: 'cover' }));
    expect(refused).toMatchObject({ code: 'bad_request', field: 'cover' });
    const pictureAsPdf = await pngFile(100, 100, 'minutes.pdf');
    expect((await refusalOf(() => storeUpload(editor, pictureAsPdf, 'document'))).message).toBe('This file is not a PDF.');
    expect((await refusalOf(() => storeUpload(editor, new File([], 'empty.pdf'), 'document'))).message).toBe('The file is empty. Please choose the file again.');
  });

  it('refuses a broken picture with a message, not an error page', async () => {
    const truncated = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
    expect((await refusalOf(() => storeUpload(editor, new File([truncated], 'broken.png'), 'image'))).message).toMatch(/could not be read/);
  });

  it('refuses a file over its kind’s size limit, saying both sizes', async () => {
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await refusalOf(() => storeUpload(editor, new File([huge], 'huge.png'), 'image'))).message).toBe('A picture may be at most 10 MB; this file is 11 MB.');
  });

  it('refuses an upload that would overfill the site’s storage, and stores nothing', async () => {
    const { usedBytes } = await listMedia();
    globalEnv.__ppaEnv = { ...configured, mediaStorageLimitBytes: usedBytes + 1000 };
    const before = (await database.db().select({ id: media.id }).from(media)).length;
    const big = new File([new Uint8Array(await samplePdf('Big', ['x'.repeat(4000)]))], 'big.pdf');
    const refused = await refusalOf(() => storeUpload(editor, big, 'document'));
    expect(refused.message).toMatch(/^The site’s storage for files is full \(\d+ KB\)\. Delete files nobody uses in the media library/);
    expect((await database.db().select({ id: media.id }).from(media)).length).toBe(before);
  });

  it('is for editors and admins only', async () => {
    for (const role of ['member', 'finance'] as const) {
      const refused = await refusalOf(async () => storeUpload({ id: null, email: `${role}@example.org`, role }, await pngFile(10, 10), 'image'));
      expect(refused.code).toBe('forbidden');
    }
  });

  it('audits an upload made on its own, with the name and size', async () => {
    const stored = await storeUpload(editor, new File([new Uint8Array(await samplePdf('Bylaws', ['Text']))], 'by<laws>.pdf'), 'document');
    expect(stored.fileName).toBe('by_laws_.pdf');
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.entityId, stored.id));
    expect(entry).toMatchObject({ action: 'media.upload', actorEmail: 'editor@example.org', entityType: 'media' });
    expect(entry!.toValue).toMatch(/^by_laws_\.pdf \(\d+ KB\)$/);
  });
});

describe('serving and removing uploads', () => {
  it('serves pictures and recordings at /media, never documents', async () => {
    const picture = await storeUpload(editor, await pngFile(400, 200), 'image');
    const pdf = await storeUpload(editor, new File([new Uint8Array(await samplePdf('Members only', ['Secret']))], 'secret.pdf'), 'document');
    expect((await readPublicMediaFile(picture.id, 'w320'))?.mimeType).toBe('image/webp');
    expect(await readPublicMediaFile(picture.id, 'w9999')).toBeNull();
    expect(await readPublicMediaFile(pdf.id, 'original')).toBeNull();
    expect((await readMediaFile(pdf.id, 'original'))?.mimeType).toBe('application/pdf');
    expect(await readPublicMediaFile('not-a-uuid', 'original')).toBeNull();
    expect(await readMediaFile(picture.id, '../../etc/passwd')).toBeNull();
  });

  it('removes an upload again when the change it was for is refused', async () => {
    const before = (await database.db().select({ id: media.id }).from(media)).length;
    const refused = await refusalOf(async () =>
      withUpload(editor, await pngFile(200, 100), 'image', 'cover', async () => {
        throw new AppError('bad_request', 'Title is required.', { field: 'title' });
      }),
    );
    expect(refused.message).toBe('Title is required.');
    expect((await database.db().select({ id: media.id }).from(media)).length).toBe(before);
    expect(await database.db().select().from(news).where(eq(news.title, ''))).toEqual([]);
  });
});
