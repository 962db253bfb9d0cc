import { safeRedirect } from '~/lib/redirects';
import { hasControlCharacters } from '~/lib/text';
import { emailOnlySchema, signUpSchema } from './accounts.schema';
import { passwordProblem } from './passwords.server';

/**
 * Our rules for what better-auth's endpoints accept, checked before any of them runs
 * (auth.server.ts), whether our pages call them or someone posts to /api/auth/* directly:
 *
 * - links it will redirect to (callbackURL, redirectTo…) are paths on this site, or this site's
 *   own address, in printable ASCII: never another origin, `//host`, `/..//host` or `/。host`;
 * - every text field has a size and no control characters (a name of 250 MB, or a NUL, is bad
 *   input, not something to store);
 * - sign-up and profile updates meet the sign-up form's own schema; a new address for the account
 *   (change-email) meets the email rule of our forms.
 *
 * Returns what is wrong, for a 400 answer, or null.
 */
const linkFields = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

const maxLength: Record<string, number> = {
  name: 120,
  email: 254,
  newEmail: 254,
  password: 128,
  newPassword: 128,
  currentPassword: 128,
  token: 4096,
  image: 2048,
};
const DEFAULT_MAX_LENGTH = 2048;

/**
 * A link better-auth may answer with as it is, in a Location header: printable ASCII only (a URL's
 * other characters are percent-encoded). '/。evil.example' (U+3002, an ideographic full stop) is
 * no header value, and a browser's URL parser would read the dot as a host's.
 */
const printableAscii = /^[\x21-\x7e]*$/;

function isSiteLink(value: unknown, publicUrl: string): boolean {
  if (typeof value !== 'string' || !printableAscii.test(value)) return false;
  const path = value.startsWith(publicUrl) ? value.slice(publicUrl.length) || '/' : value;
  return safeRedirect(path, '') !== '';
}

export async function authInputProblem(path: string, body: Record<string, unknown>, query: Record<string, unknown>, publicUrl: string): Promise<string | null> {
  for (const source of [body, query]) {
    for (const field of linkFields) {
      if (source[field] !== undefined && !isSiteLink(source[field], publicUrl)) return `${field} must be a page of this site.`;
    }
    for (const [field, value] of Object.entries(source)) {
      if (typeof value !== 'string') continue;
      if (value.length > (maxLength[field] ?? DEFAULT_MAX_LENGTH)) return `${field} is too long.`;
      if (hasControlCharacters(value)) return `${field} contains characters that are not allowed.`;
    }
  }
  // New passwords, whichever endpoint sets them: not one of the most common ones.
  for (const field of ['password', 'newPassword'] as const) {
    const value = body[field];
    if ((path === '/sign-up/email' || field === 'newPassword') && typeof value === 'string') {
      const problem = await passwordProblem(value);
      if (problem) return problem;
    }
  }
  if (path === '/sign-up/email' || (path === '/update-user' && body.name !== undefined)) {
    const checked = path === '/sign-up/email' ? signUpSchema : signUpSchema.pick({ fullName: true });
    const parsed = checked.safeParse({ fullName: body.name, email: body.email, password: body.password });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid details.';
  }
  if (path === '/change-email') {
    const parsed = emailOnlySchema.safeParse({ email: body.newEmail });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid email.';
  }
  return null;
}
