import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '~/lib/env.server';
import type { PreviewImage } from '~/lib/images';
import { log } from '~/lib/log.server';
import { parseId } from '~/lib/params';
import { drawPreviewCard, pictureAsPreview, PREVIEW_SIZE, type PreviewCard } from '~/lib/preview-card.server';
import type { PublicSiteSettings } from '~/lib/site-settings';
import { readLargestPicture } from './media.server';

/**
 * Link-preview pictures (docs/architecture/previews.md; ADR 027). A story's or an event's preview
 * is its own picture at 1200 × 630, or a card drawn from its title and the crest when it has none.
 * Each is made once, on the first request for it, and kept in `DATA_DIR/previews/`: derived files,
 * made again from the database when missing, so backups leave them out.
 *
 * Its address names what it was made from: `/previews/{kind}-{id}-{key}.{png|jpg}`, the key a hash
 * of every input (the picture's upload or file, or the card's words, the association's name and
 * theme colour, the site's address) and of the drawing's version. An edit makes a new address; the
 * old one redirects to it; a file at an address never changes, so browsers keep it for a year.
 */

/** Raised when the cards or the crop change, so that every preview gets a new address. */
const DRAWING_VERSION = 1;

export type PreviewKind = 'news' | 'event' | 'site';

/** What a page's preview is made from. */
export type PreviewSubject = {
  kind: PreviewKind;
  /** The story's or event's id; null for the site's own card. */
  id: number | null;
  title: string;
  /** The card's line under the title. */
  detail: string | null;
  /** The page's own picture: an upload, or a file shipped with the site (sample content). */
  picture: { mediaId: string } | { path: string } | null;
  /** The picture's description, or the card's title. */
  alt: string;
};

/** What of Settings a card is drawn with. */
export type PreviewLook = Pick<PublicSiteSettings, 'associationName' | 'shortName' | 'chapterName' | 'themeColor'>;

/** The site's own card, for pages without a picture of their own: the home page's words (docs/product.md#link-previews-and-search-engines). */
export function sitePreviewSubject(settings: PreviewLook): PreviewSubject {
  return {
    kind: 'site',
    id: null,
    title: 'Once a pupil, always family.',
    detail: 'Keeping past pupils connected to each other and to the school.',
    picture: null,
    alt: `${settings.associationName}, ${settings.chapterName}`,
  };
}

/** A file shipped with the site: `/images/…` under the build's client files (or public/, before a build). */
const SHIPPED_PICTURE = /^\/images\/[a-z0-9][a-z0-9/-]*\.(svg|png|jpe?g|webp)$/;

function shippedFile(picturePath: string): string[] {
  if (!SHIPPED_PICTURE.test(picturePath) || picturePath.includes('//')) return [];
  return [path.resolve('build/client', `.${picturePath}`), path.resolve('public', `.${picturePath}`)];
}

/** A shipped file's bytes' hash, read once per process (the files change only with a release). */
const shippedHashes = new Map<string, Promise<string | null>>();
function shippedHash(picturePath: string): Promise<string | null> {
  let hash = shippedHashes.get(picturePath);
  if (!hash) {
    hash = readShipped(picturePath).then((bytes) => (bytes ? createHash('sha256').update(bytes).digest('hex') : null));
    shippedHashes.set(picturePath, hash);
  }
  return hash;
}

async function readShipped(picturePath: string): Promise<Buffer | null> {
  for (const file of shippedFile(picturePath)) {
    const bytes = await readFile(file).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

type Recipe = { picture: { mediaId: string } | { path: string } } | { card: PreviewCard };

/** What the preview is drawn from: the picture when there is one to read, else the card. */
async function recipeOf(subject: PreviewSubject, look: PreviewLook): Promise<{ recipe: Recipe; hashed: unknown }> {
  const { picture } = subject;
  if (picture && 'mediaId' in picture) return { recipe: { picture }, hashed: ['media', picture.mediaId] };
  if (picture) {
    const hash = await shippedHash(picture.path);
    if (hash) return { recipe: { picture }, hashed: ['file', picture.path, hash] };
  }
  const card: PreviewCard = {
    heading: look.associationName,
    subheading: `${look.chapterName} chapter`,
    eyebrow: subject.kind === 'news' ? 'News' : subject.kind === 'event' ? 'Event' : null,
    title: subject.title,
    detail: subject.detail,
    host: new URL(env().publicUrl).host,
    background: look.themeColor,
  };
  return { recipe: { card }, hashed: ['card', card] };
}

/** The preview of a subject: its address (with the key of what it is made from), size and description. No file is made here. */
export async function previewImage(subject: PreviewSubject, look: PreviewLook): Promise<PreviewImage & { fileName: string }> {
  const { recipe, hashed } = await recipeOf(subject, look);
  const key = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, hashed]))
    .digest('hex')
    .slice(0, 20);
  const isCard = 'card' in recipe;
  const fileName = `${subject.kind}${subject.id === null ? '' : `-${subject.id}`}-${key}.${isCard ? 'png' : 'jpg'}`;
  return { url: `/previews/${fileName}`, fileName, ...PREVIEW_SIZE, alt: subject.alt, type: isCard ? 'image/png' : 'image/jpeg' };
}

/** A preview's address taken apart: `news-12-…`, `event-3-…`, `site-…`; null for anything else. */
export function parsePreviewFileName(fileName: string): { kind: PreviewKind; id: number | null } | null {
  const match = /^(news|event|site)(?:-(\d+))?-[0-9a-f]{20}\.(png|jpg)$/.exec(fileName);
  if (!match) return null;
  const kind = match[1] as PreviewKind;
  if (kind === 'site') return match[2] === undefined ? { kind, id: null } : null;
  const id = parseId(match[2]);
  return id === null ? null : { kind, id };
}

const folder = () => path.join(env().dataDir, 'previews');

/** At most this many files are kept: the least recently asked for go first (a few hundred stories and events fit). */
export const KEEP_PREVIEWS = 500;

/** Previews being made now, so that crawlers asking at once make each only once. */
const making = new Map<string, Promise<Buffer>>();

/**
 * The bytes of `fileName` when it is the subject's current preview: from the folder, or made now
 * and kept there. `moved` with the current address when `fileName` is an earlier one.
 */
export async function previewFile(subject: PreviewSubject, look: PreviewLook, fileName: string): Promise<{ moved: string } | { bytes: Buffer; type: PreviewImage['type'] }> {
  const current = await previewImage(subject, look);
  if (current.fileName !== fileName) return { moved: current.url };
  const file = path.join(folder(), fileName);
  const kept = await readFile(file).catch(() => null);
  if (kept) {
    // Asked for again: kept longer than the ones nobody asks for.
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
    return { bytes: kept, type: current.type };
  }
  let pending = making.get(fileName);
  if (!pending) {
    pending = make(subject, look).finally(() => making.delete(fileName));
    making.set(fileName, pending);
    void pending.then((bytes) => keep(file, bytes)).catch(() => undefined);
  }
  return { bytes: await pending, type: current.type };
}

async function make(subject: PreviewSubject, look: PreviewLook): Promise<Buffer> {
  const { recipe } = await recipeOf(subject, look);
  if ('card' in recipe) return drawPreviewCard(recipe.card);
  const { picture } = recipe;
  const bytes = 'mediaId' in picture ? (await readLargestPicture(picture.mediaId))?.bytes : await readShipped(picture.path);
  if (!bytes) throw new Error(`The picture of ${subject.kind} ${subject.id} could not be read.`);
  return pictureAsPreview(bytes);
}

/** Writes the file whole (a reader never sees half of it), then leaves at most KEEP_PREVIEWS in the folder. */
async function keep(file: string, bytes: Buffer): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    await prune(path.dirname(file));
  } catch (error) {
    // The preview was answered all the same; it is made again on the next request.
    log.warn({ err: error }, `A link preview could not be kept in ${path.dirname(file)}`);
  }
}

async function prune(directory: string): Promise<void> {
  const names = (await readdir(directory)).filter((name) => parsePreviewFileName(name));
  if (names.length <= KEEP_PREVIEWS) return;
  const aged = await Promise.all(names.map(async (name) => ({ name, used: (await stat(path.join(directory, name)).catch(() => null))?.mtimeMs ?? 0 })));
  aged.sort((a, b) => a.used - b.used);
  await Promise.all(aged.slice(0, names.length - KEEP_PREVIEWS).map(({ name }) => unlink(path.join(directory, name)).catch(() => undefined)));
}
