/**
 * The one error type the features throw for a failure they expect (docs/architecture/forms.md#errors).
 * Its code says what kind of failure it is and decides the HTTP status; its message is written
 * for the person who caused it and may be shown to them as it is. Anything else that is thrown
 * is a bug or an outage: routes let it through to the error page (HTTP 500) and it is logged.
 */
export const appErrorStatuses = {
  /** The request itself is malformed (a field the form never sends, an unknown intent). */
  bad_request: 400,
  /** A webhook whose signature does not hold. */
  invalid_signature: 400,
  /** The actor's role does not allow it. */
  forbidden: 403,
  /** The record does not exist, or is not the actor's to see. */
  not_found: 404,
  /** The record is not in a state that allows it (a refused status change, the last super admin). */
  conflict: 409,
  /** Allowed, but only once the person confirms (approving an application nobody paid online). */
  confirmation_required: 409,
  /** Tried too often from one client or for one address (README: Security): wait, then try again. */
  too_many_attempts: 429,
  /** Online payment cannot start now (not configured, or the provider cannot be reached). */
  payments_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof appErrorStatuses;

export class AppError extends Error {
  override name = 'AppError';
  /** The form field the message belongs under, when one field is to blame. */
  readonly field: string | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { field?: string } = {},
  ) {
    super(message);
    this.field = options.field;
  }

  get status(): number {
    return appErrorStatuses[this.code];
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
