/**
 * How long a password must be (docs/product.md#accounts): the one source for the account forms,
 * better-auth's own limits and the ADMIN_PASSWORD check at start. Which passwords are too common
 * is features/accounts/passwords.server.ts.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
