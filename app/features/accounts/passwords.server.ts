import { commonPasswords } from './common-passwords.server';

/**
 * The password rule the browser cannot check (its list would weigh down every form): not one of
 * the passwords people pick most often, compared without regard to case. The length rule is in
 * accounts.schema.ts. Returns the message for the password field, or null.
 */
export const commonPasswordMessage = 'This password is one of the most common ones. Please choose one that is harder to guess.';

export function passwordProblem(password: string): string | null {
  return commonPasswords.has(password.trim().toLowerCase()) ? commonPasswordMessage : null;
}
