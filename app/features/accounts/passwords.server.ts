import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/password-policy';

/**
 * The password rule the browser cannot check (its list would weigh down every form): not one of
 * the passwords people pick most often, compared without regard to case. The length rule is in
 * accounts.schema.ts. Returns the message for the password field, or null.
 */
export const commonPasswordMessage = 'This password is one of the most common ones. Please choose one that is harder to guess.';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password list of zxcvbn-ts (@zxcvbn-ts/language-common, MIT licence), the entries of
 * a length ours may have (1,557 of its 49,233), lower-cased. Read on the first check, not at
 * start: the package's list costs about 14 MB of RSS while it is read and ~3 MB of heap after
 * (docs/architecture/server.md#memory).
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN && entry.length <= PASSWORD_MAX).map((entry) => entry.toLowerCase())),
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

export async function passwordProblem(password: string): Promise<string | null> {
  return (await loadCommonPasswords()).has(password.trim().toLowerCase()) ? commonPasswordMessage : null;
}
