import { AppError } from './errors';
import { messages } from './messages';
import type { ToastMessage } from './toast';

/**
 * The one mapping from a feature's failure to what a route answers (docs/architecture/forms.md#errors):
 * an AppError becomes its HTTP status and the page's failure toast ('Update Failed', 'Application
 * Submission Failed'…) with the error's message as its description; 'payments_unavailable' always
 * shows the product's 'Payments Unavailable' toast. Anything else is not ours to explain and is
 * thrown on, to the route's error page.
 */
export type Failure = { status: number; code: AppError['code']; message: string; toast: ToastMessage; field: string | undefined };

export function failureOf(error: unknown, failureToast: ToastMessage): Failure {
  if (!(error instanceof AppError)) throw error;
  const toast: ToastMessage = error.code === 'payments_unavailable' ? messages.paymentsUnavailable : { ...failureToast, description: error.message };
  return { status: error.status, code: error.code, message: error.message, toast, field: error.field };
}

/** For API routes (webhooks): the failure as a JSON answer with its status. */
export function jsonFailure(error: unknown): Response {
  const failure = failureOf(error, { title: 'Error' });
  return Response.json({ error: failure.message, code: failure.code }, { status: failure.status });
}
