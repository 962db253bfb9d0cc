import { membershipTypes, offlineMethods, type MembershipType, type OfflineMethod } from '~/db/schema/enums';

/**
 * A member import's words (docs/product.md#member-import): the file's own names for plans and
 * payment methods, each given a meaning on the page (guessed for the usual ones, remembered from
 * the last import, asked for the others), and its amounts as people write them. Pure.
 */

/** What a plan word may mean: a plan, or 'skip' (leave its rows out). */
export const planChoices = [...membershipTypes, 'skip'] as const;
export type PlanChoice = (typeof planChoices)[number];

/** What a payment word may mean: an offline method, or 'none' (import the membership, leave the payment out). */
export const methodChoices = [...offlineMethods, 'none'] as const;
export type MethodChoice = (typeof methodChoices)[number];

/** How many different words a column may hold before it is taken for the wrong column. */
export const MAX_WORDS = 40;
/** The longest word the page takes a meaning for. */
export const MAX_WORD_LENGTH = 100;

/** A word's key: the same for "Life Member", "life member" and "LIFE-MEMBER"; any script. */
export const wordKey = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

const knownPlans: Record<string, MembershipType> = {};
for (const word of ['annual', 'annualmember', 'annualmembership', 'yearly', 'yearlymember', 'yearlymembership', 'year', '1year', 'oneyear']) knownPlans[word] = 'annual';
for (const word of ['life', 'lifemember', 'lifemembership', 'lifetime', 'lifetimemember', 'lifetimemembership']) knownPlans[word] = 'life';

const knownMethods: Record<string, OfflineMethod> = {};
const methodWords: Record<OfflineMethod, string[]> = {
  cash: ['cash'],
  cheque: ['cheque', 'check', 'chq', 'bankcheque'],
  bank_transfer: ['banktransfer', 'bank', 'transfer', 'wire', 'wiretransfer', 'directdeposit', 'eft'],
  e_transfer: ['etransfer', 'interac', 'interacetransfer', 'emt', 'emailtransfer', 'emailmoneytransfer', 'interacemailtransfer'],
  card: ['card', 'creditcard', 'debitcard', 'credit', 'debit', 'visa', 'mastercard', 'amex', 'americanexpress'],
  paypal: ['paypal'],
};
for (const method of offlineMethods) for (const word of methodWords[method]) knownMethods[word] = method;

/** The plan a usual word names ("Yearly", "Life Member", "LIFE"), else null. */
export const knownPlan = (key: string): MembershipType | null => knownPlans[key] ?? null;
/** The method a usual word names ("e-Transfer", "Credit card", "check"), else null. */
export const knownMethod = (key: string): OfflineMethod | null => knownMethods[key] ?? null;

/** One word of the file: its key, how the file spells it (up to three ways), and on how many rows. */
export type FileWord = { key: string; spellings: string[]; rows: number };

/** Counts a column's words, in the order the file first uses them. */
export class WordCounter {
  private readonly words = new Map<string, FileWord>();

  add(text: string): void {
    const key = wordKey(text);
    let word = this.words.get(key);
    if (!word) {
      word = { key, spellings: [], rows: 0 };
      this.words.set(key, word);
    }
    word.rows += 1;
    if (word.spellings.length < 3 && !word.spellings.includes(text)) word.spellings.push(text);
  }

  list(): FileWord[] {
    return [...this.words.values()];
  }
}

/**
 * Each word's meaning: the one posted from the page, else the one remembered from the last import,
 * else the usual one; a word with none is absent (the page asks, and its rows wait).
 */
export function chooseWords<Choice extends string>(
  words: readonly FileWord[],
  posted: Readonly<Record<string, Choice | undefined>> | undefined,
  remembered: Readonly<Record<string, Choice>>,
  usual: (key: string) => Choice | null,
): Record<string, Choice> {
  const chosen: Record<string, Choice> = {};
  for (const { key } of words) {
    const choice = posted?.[key] ?? (Object.hasOwn(remembered, key) ? remembered[key] : undefined) ?? usual(key);
    if (choice) chosen[key] = choice;
  }
  return chosen;
}

/**
 * An amount as a spreadsheet writes it, in cents: "50", "$50.00", "50,00" (a decimal comma),
 * "$1,250.00", "1.250,00", "CAD 50". A comma followed by three digits groups thousands; a dot
 * followed by three ("1.250") is refused rather than guessed, unless a decimal comma follows.
 */
export function parseImportAmount(text: string): { cents: number } | { problem: 'not-an-amount' } {
  const value = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^(?:[A-Z]{0,2}\$|CAD|USD)|(?:\$|CAD|USD)$/gi, '');
  const match =
    /^(\d+)(?:[.,](\d{1,2}))?$/.exec(value) ?? // 50, 50.00, 50,00
    /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(value) ?? // 1,250 and 1,250.00
    /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(value); // 1.250,00
  if (!match) return { problem: 'not-an-amount' };
  const whole = match[1]!.replace(/[.,]/g, '');
  if (whole.length > 9) return { problem: 'not-an-amount' };
  return { cents: Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0')) };
}
