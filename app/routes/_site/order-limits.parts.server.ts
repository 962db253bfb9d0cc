import { attemptLimits, guessKey, limitedAttempt, mailKeys, waitText } from '~/features/accounts/attempt-limits.server';
import { previewDiscount } from '~/features/events/discounts.server';
import { isAppError } from '~/lib/errors';
import { messages } from '~/lib/messages';

/**
 * The order page's two steps a stranger could repeat at will, each limited (README: Security):
 * guessing discount codes, per event and client; and a free registration, which mails its tickets
 * to the address typed, per client and address (docs/product.md#mail-to-a-typed-address).
 */

/** A refusal of the limits: the message, and the seconds for `Retry-After`. */
export type LimitRefusal = { message: string; retryAfter: number };

type TypedCode = { eventId: number; codeText: string; seats: { tierId: number; priceCents: number }[]; isMember: boolean };

/**
 * The prices with the code typed, or why not (the words under the field); `refused` while this
 * client has had too many codes refused for the event, when no code is looked at.
 */
export async function checkTypedCode(request: Request, typed: TypedCode) {
  const guess = await limitedAttempt(
    [guessKey(attemptLimits().discountCode, typed.eventId, request)],
    () => previewDiscount({ ...typed, now: new Date() }).catch((error: unknown) => (isAppError(error) ? error.message : Promise.reject(error))),
    (outcome) => typeof outcome === 'string',
  );
  if (!guess.ok) return { checked: null, refused: { message: messages.tooManyCodes(waitText(guess.retryAfter)), retryAfter: guess.retryAfter } satisfies LimitRefusal };
  return { checked: guess.value, refused: null };
}

/**
 * Places the order; one that may be free (every seat free, or a code typed) and so mails its
 * tickets at once counts against the mail limits when `mails` says it did (a confirmed order mailed
 * its tickets). A paid order mails nothing before its payment.
 */
export async function placeWithinMailLimits<Placed>(request: Request, buyerEmail: string, mayBeFree: boolean, place: () => Promise<Placed>, mails: (placed: Placed) => boolean) {
  if (!mayBeFree) return { placed: await place(), refused: null };
  const attempt = await limitedAttempt(mailKeys(request, buyerEmail), place, mails);
  if (!attempt.ok) return { placed: null, refused: { message: messages.tooManyMails(waitText(attempt.retryAfter)), retryAfter: attempt.retryAfter } satisfies LimitRefusal };
  return { placed: attempt.value, refused: null };
}
