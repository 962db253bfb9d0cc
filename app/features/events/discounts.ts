import { z } from 'zod';
import { discountKinds, type DiscountKind } from '~/db/schema/enums';
import { checkbox, optionalDateTime } from '~/lib/fields';
import { formatCents, parseDollars } from '~/lib/money';
import { orderFormSchemaFor, type Question } from './questions';

/**
 * Discount codes (docs/product.md#discount-codes): pure rules shared by the order page in the
 * browser, the editor's form and placeOrder. A code takes a percentage or a fixed amount off each
 * seat of the tiers it names (never below 0); the percentage's discount of a seat is rounded to the
 * nearest cent (half a cent up), so each seat's price is whole cents and the order's total is the
 * sum of what its seats cost — what a refund gives back per ticket. One order is one use.
 */
export type DiscountCode = {
  id: number;
  code: string;
  kind: DiscountKind;
  /** Percent (1–100) for `percent`, cents for `fixed`. */
  amount: number;
  /** Empty: every tier. */
  tierIds: number[];
  useLimit: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  membersOnly: boolean;
  active: boolean;
};

export const MAX_CODE_LENGTH = 40;

/** How a code is looked up: trimmed, case-insensitive ('gala20' is 'GALA20'). */
export function codeKey(text: string): string {
  return text.trim().toUpperCase();
}

/** Whether a seat of `tierId` is lowered by the code. */
export function codeAppliesToTier(code: Pick<DiscountCode, 'tierIds'>, tierId: number): boolean {
  return code.tierIds.length === 0 || code.tierIds.includes(tierId);
}

/** What the code takes off one seat of `priceCents`: at most its price. */
export function seatDiscount(code: Pick<DiscountCode, 'kind' | 'amount'>, priceCents: number): number {
  const off = code.kind === 'percent' ? Math.round((priceCents * code.amount) / 100) : code.amount;
  return Math.min(Math.max(off, 0), priceCents);
}

export type PricedSeat = { tierId: number; priceCents: number };
export type DiscountedSeat = { tierId: number; fullCents: number; discountCents: number; priceCents: number };

/** Each seat's price after the code (null: no code), in the seats' order, and the totals. */
export function discountedSeats(code: Pick<DiscountCode, 'kind' | 'amount' | 'tierIds'> | null, seats: PricedSeat[]) {
  const lines: DiscountedSeat[] = seats.map((seat) => {
    const discountCents = code && codeAppliesToTier(code, seat.tierId) ? seatDiscount(code, seat.priceCents) : 0;
    return { tierId: seat.tierId, fullCents: seat.priceCents, discountCents, priceCents: seat.priceCents - discountCents };
  });
  return {
    lines,
    fullCents: lines.reduce((total, line) => total + line.fullCents, 0),
    discountCents: lines.reduce((total, line) => total + line.discountCents, 0),
    totalCents: lines.reduce((total, line) => total + line.priceCents, 0),
  };
}

export type CodeCheck = {
  /** Orders using it now (confirmed or holding seats), this one not counted. */
  uses: number;
  isMember: boolean;
  /** The tiers of the seats asked for. */
  tierIds: number[];
  now: Date;
};

/**
 * What a code that does not exist, is switched off or is used up answers: the same words, so a
 * guesser cannot tell a used-up code from a wrong one (docs/product.md#discount-codes).
 */
export const CODE_NOT_VALID = 'This code is not valid for this event, or it has been used up.';

/**
 * Why this code cannot lower this order, in the words shown under the field; null when it can.
 * `code` null: no code of this event has that text.
 */
export function codeRefusal(code: DiscountCode | null, check: CodeCheck): string | null {
  if (!code || !code.active || (code.useLimit !== null && check.uses >= code.useLimit)) return CODE_NOT_VALID;
  if (code.validFrom && check.now < code.validFrom) return 'This code is not valid yet.';
  if (code.validUntil && check.now >= code.validUntil) return 'This code has expired.';
  if (!check.tierIds.some((tierId) => codeAppliesToTier(code, tierId))) return 'This code is not valid for the tickets you chose.';
  if (code.membersOnly && !check.isMember) return 'This code is for members of the association. Sign in with your member account.';
  return null;
}

/** The code as a person reads what it does: '20 % off', '$5.00 off each ticket'. */
export function discountText(code: Pick<DiscountCode, 'kind' | 'amount'>): string {
  return code.kind === 'percent' ? `${code.amount} % off` : `${formatCents(code.amount)} off each ticket`;
}

export const discountKindLabels: Record<DiscountKind, string> = { percent: 'Percentage off each ticket', fixed: 'Amount off each ticket' };

/** The order page's code field: empty is no code. */
export const discountCodeField = z
  .string()
  .trim()
  .max(MAX_CODE_LENGTH, `A discount code has at most ${MAX_CODE_LENGTH} characters.`)
  .optional()
  .transform((value) => (value ? value : null));

/**
 * The order page's post (docs/architecture/forms.md#two-intents-on-one-form): 'Apply' (`intent=apply`) checks only the code
 * and shows the prices with it, keeping what was typed; the order (`intent=order`) is the whole
 * order form with the code.
 */
export function orderPageSchemaFor(questions: Question[], seatTierIds: number[]) {
  return z.discriminatedUnion(
    'intent',
    [
      z.object({ intent: z.literal('apply'), discountCode: discountCodeField }),
      orderFormSchemaFor(questions, seatTierIds).extend({ intent: z.literal('order').optional(), discountCode: discountCodeField }),
    ],
    { error: 'Choose what to do with the order.' },
  );
}

/** The editor's form of a code (docs/product.md#content-area). */
export const discountCodeSchema = z
  .object({
    code: z
      .string({ error: 'Code is required.' })
      .trim()
      .min(1, 'Code is required.')
      .max(MAX_CODE_LENGTH, `Code must be at most ${MAX_CODE_LENGTH} characters.`)
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only, without spaces.'),
    kind: z.enum(discountKinds, { error: 'Choose the kind of discount.' }),
    amount: z.string({ error: 'Amount is required.' }).trim().min(1, 'Amount is required.'),
    tierIds: z
      .array(z.string())
      .optional()
      .transform((values) => [...new Set((values ?? []).filter((value) => /^\d{1,9}$/.test(value)).map(Number))]),
    useLimit: z
      .string()
      .trim()
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
          context.addIssue({ code: 'custom', message: 'Use limit must be a whole number from 1, or empty for no limit.' });
          return z.NEVER;
        }
        return Number(value);
      }),
    validFrom: optionalDateTime('Valid from'),
    validUntil: optionalDateTime('Valid until'),
    membersOnly: checkbox,
    active: checkbox,
  })
  .superRefine((values, context) => {
    if (discountAmount(values.kind, values.amount) === null) {
      const message = values.kind === 'percent' ? 'A percentage is a whole number from 1 to 100.' : 'Enter the amount in dollars, like 5 or 12.50, at most $10,000.';
      context.addIssue({ code: 'custom', path: ['amount'], message });
    }
    if (values.validFrom && values.validUntil && values.validUntil <= values.validFrom) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'The code must end after it starts.' });
    }
  });

/** The amount typed in the editor as stored: a percentage 1–100, or cents (up to $10,000); null when it is neither. */
export function discountAmount(kind: DiscountKind, text: string): number | null {
  if (kind === 'percent') return /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= 100 ? Number(text) : null;
  const parsed = parseDollars(text);
  return 'problem' in parsed || parsed.cents < 1 || parsed.cents > 1_000_000 ? null : parsed.cents;
}

export type DiscountCodeInput = z.output<typeof discountCodeSchema>;
