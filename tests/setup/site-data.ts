/**
 * A site's data made and read back over HTTP, as people make it: an admin's session, an uploaded
 * picture, a gift recorded with its payment. The backup round trips (tests/e2e/backup.spec.ts,
 * tests/integration/backup-postgres.test.ts) make it before a backup and read it after a restore.
 */
import { spawn } from 'node:child_process';
import { pngFile } from '../factories/media';

/** Signs in through the login form; the session cookie, or null when refused. */
export async function signIn(origin: string, email: string, password: string): Promise<string | null> {
  const response = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login', email, password }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return cookie.includes('session_token') ? cookie : null;
}

export type SiteData = { pictureSrc: string; pictureBytes: Buffer; giftPage: string; donor: string };

/** Uploads a picture and records an offline gift of $75.00 (a donation and its payment), as the signed-in admin. */
export async function makeSiteData(origin: string, cookie: string): Promise<SiteData> {
  const form = new FormData();
  form.set('file', await pngFile(800, 400, 'backup.png'));
  const upload = await fetch(`${origin}/admin/content/media/upload`, { method: 'POST', headers: { Origin: origin, Cookie: cookie }, body: form });
  if (upload.status !== 200) throw new Error(`the upload answered ${upload.status}`);
  const { src } = (await upload.json()) as { src: string };
  const picture = await fetch(`${origin}${src}`);
  const pictureBytes = Buffer.from(await picture.arrayBuffer());

  const donor = `Backed-Up Donor ${Date.now()}`;
  const gift = await fetch(`${origin}/admin/donations/new`, {
    method: 'POST',
    headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      firstName: donor.split(' ').slice(0, 2).join(' '),
      lastName: donor.split(' ').slice(2).join(' '),
      email: 'backed-up-donor@example.org',
      cause: 'general',
      method: 'cheque',
      amount: '75.00',
      receivedOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      receivedBy: 'The Treasurer',
      reference: 'CHQ-2048',
    }),
    redirect: 'manual',
  });
  await gift.arrayBuffer();
  const giftPage = gift.headers.get('Location');
  if (gift.status !== 302 || !giftPage?.startsWith('/admin/donations/')) throw new Error(`recording the gift answered ${gift.status} ${giftPage}`);
  return { pictureSrc: src, pictureBytes, giftPage, donor };
}

/** The page `path` as the holder of `cookie` sees it: status and text (a redirect is not followed). */
export async function pageAs(origin: string, path: string, cookie: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

/** Runs `npm run <script>`'s file with tsx (scripts/<name>.ts) in a new process; its exit code and output. */
export function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
