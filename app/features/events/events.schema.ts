import { z } from 'zod';

/** Largest quantity anyone could type for one tier; caps are checked against the tier itself. */
const MAX_QUANTITY = 100_000;

/**
 * The ticket card's form: one `qty-<tierId>` field per tier. Field names that are not tier
 * quantities are ignored; quantities must be whole numbers from 0.
 */
export const ticketSelectionSchema = z
  .record(z.string(), z.unknown())
  .transform((fields, context) => {
    const selection: Record<number, number> = {};
    for (const [name, raw] of Object.entries(fields)) {
      const match = /^qty-(\d{1,9})$/.exec(name);
      if (!match) continue;
      const text = typeof raw === 'string' ? raw.trim() : null;
      const quantity = text === '' ? 0 : Number(text ?? Number.NaN);
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
        context.addIssue({ code: 'custom', path: [name], message: 'Enter a whole number of tickets, 0 or more.' });
        continue;
      }
      selection[Number(match[1])] = quantity;
    }
    return selection;
  });
