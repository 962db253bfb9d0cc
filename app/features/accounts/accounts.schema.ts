import { z } from 'zod';
import { checkbox } from '~/lib/fields';
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';
import { controlCharactersMessage, isPlainText } from '~/lib/text';
import { messages } from '~/lib/messages';
import { roles } from '~/lib/roles';

/**
 * The account forms' rules, shared by the browser (field messages as you type) and the server
 * (the same checks again on every post). New passwords are 10 to 128 characters (lib/password-policy.ts), as the form says; the
 * most common passwords are refused on the server (passwords.server.ts)
 * (docs/product.md#accounts).
 */
export const passwordRule = `At least ${PASSWORD_MIN} characters.`;

const email = z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(254, 'Email is too long.').pipe(z.email('Enter a valid email address.'));

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine(isPlainText(), controlCharactersMessage('Password'));

const newPassword = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine(isPlainText(), controlCharactersMessage('Password'));

export const loginSchema = z.object({ email, password });

export const signUpSchema = z.object({
  fullName: z
    .string({ error: 'Full name is required.' })
    .trim()
    .min(1, 'Full name is required.')
    .max(120, 'Full name must be at most 120 characters.')
    .refine(isPlainText(), controlCharactersMessage('Full name')),
  email,
  password: newPassword,
});

/**
 * The login page's post (docs/architecture/forms.md#one-schema-per-route): signing in (intent `login`), asking for the
 * verification mail again (`resend`, with the address the sign-in named), or signing up (`signup`).
 */
export const loginPageSchema = z.discriminatedUnion('intent', [loginSchema.extend({ intent: z.enum(['login', 'resend']) }), signUpSchema.extend({ intent: z.literal('signup') })]);

export const emailOnlySchema = z.object({ email });

/**
 * 'Change email' in the portal (docs/product.md#my-profile): a new address that is not the current
 * one, and the current password, so a session left open somewhere cannot hand the account away.
 * `currentEmail` is the account's address, which the browser has too.
 */
export function changeEmailSchema(currentEmail: string) {
  return z.object({
    newEmail: email.refine((value) => value.toLowerCase() !== currentEmail.trim().toLowerCase(), messages.sameEmail),
    currentPassword: password,
  });
}

/**
 * 'Delete my account' in the portal (docs/product.md#my-profile): the account's address typed
 * again, in any case. The server checks it once more as it deletes (account-deletion.server.ts).
 */
export function deleteAccountSchema(currentEmail: string) {
  return z.object({
    confirmEmail: z
      .string({ error: messages.retypeEmailToDelete })
      .trim()
      .max(320, messages.retypeEmailToDelete)
      .refine((value) => value.toLowerCase() === currentEmail.trim().toLowerCase(), messages.retypeEmailToDelete),
  });
}

/** The new password twice, and the reset link's token, which the form posts back in a hidden field (better-auth checks it). */
export const updatePasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string({ error: 'Please confirm your new password.' }).min(1, 'Please confirm your new password.'),
    token: z.string().optional(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

/** A super admin's change of someone's role (docs/product.md#admin-dashboard). */
export const roleChangeSchema = z.object({
  intent: z.literal('role', { error: 'Unknown request.' }),
  id: z.string().max(64),
  role: z.enum(roles, { error: 'Choose a role.' }),
});

/** A code from an authenticator app: six digits (spaces, as some apps show them, are ignored). */
const authenticatorCode = z
  .string({ error: 'Enter the 6-digit code from your app.' })
  .max(20, 'Enter the 6-digit code from your app.')
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'));

/** A backup code as the set-up showed it: letters and digits with a dash, like Ab3dE-fG7hK. */
const backupCode = z
  .string({ error: 'Enter one of your backup codes.' })
  .trim()
  .min(1, 'Enter one of your backup codes.')
  .max(40, 'A backup code is letters and digits, like Ab3dE-fG7hK.')
  .regex(/^[A-Za-z0-9-]+$/, 'A backup code is letters and digits, like Ab3dE-fG7hK.');

export const authenticatorCodeSchema = z.object({ code: authenticatorCode, trustDevice: checkbox });
export const backupCodeSchema = z.object({ code: backupCode, trustDevice: checkbox });

/** The second sign-in step (docs/product.md#security): a code from the app, or a backup code. */
export const signInCodeSchema = z.discriminatedUnion('intent', [authenticatorCodeSchema.extend({ intent: z.literal('totp') }), backupCodeSchema.extend({ intent: z.literal('backup') })]);

/** The account's password, asked before two-step sign-in is set up, turned off, or given new backup codes. */
export const currentPasswordSchema = z.object({ password });

/**
 * The Security section's forms (docs/product.md#security): start the set-up, confirm it with a
 * code, cancel it, new backup codes, turn it off.
 */
export const securityPageSchema = z.discriminatedUnion('intent', [
  currentPasswordSchema.extend({ intent: z.enum(['start', 'codes', 'off']) }),
  z.object({ intent: z.literal('confirm'), code: authenticatorCode }),
  z.object({ intent: z.literal('cancel') }),
]);
