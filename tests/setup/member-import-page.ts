/**
 * The member import page's posts as its forms send them (docs/product.md#member-import), for the
 * tests that import real spreadsheets through it (issue 33): the file chosen, then every select as
 * the page shows it with the person's changes, and what the database then holds of each member.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '~/db/schema/auth';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { importFields } from '~/features/membership/import-rules';
import { memberAccess } from '~/features/membership/membership.server';
import { SITE_TIME_ZONE, isoDayAfter } from '~/lib/dates';
import { action } from '~/routes/admin/member-import';
import type { MappingStep } from '~/routes/admin/member-import.parts';
import type { Database } from '~/db/client.server';
import { postArgs } from './route-args';

export type Step = MappingStep & { stage: 'map' };
export type Answer = { status: number; location: string | null; step: Step | null };

/** The page for an admin signed in with `cookie`. */
export function importPage(cookie: string) {
  async function post(form: FormData): Promise<Answer> {
    const reply = (await action(postArgs('/admin/members/import', form, { cookie }))) as { data: Step | { stage: 'upload' }; init: ResponseInit | null } | Response;
    if (reply instanceof Response) return { status: reply.status, location: reply.headers.get('Location'), step: null };
    return { status: reply.init?.status ?? 200, location: null, step: reply.data.stage === 'map' ? (reply.data as Step) : null };
  }

  /** Step 1: the file chosen in the file field. */
  function upload(bytes: Uint8Array<ArrayBuffer>, name: string): Promise<Answer> {
    const form = new FormData();
    form.set('intent', 'upload');
    form.set('file', new File([bytes], name, { type: 'text/csv' }));
    form.set('pasted', '');
    return post(form);
  }

  /**
   * Step 2 or 3 as the page posts it: every select as the page shows it, with the person's changes
   * (a word's select found by the spelling its label shows, a column by its field), and the button
   * pressed. The confirmation carries the key of the preview shown.
   */
  function submit(
    step: Step,
    intent: 'preview' | 'commit',
    changes: { plans?: Record<string, string>; methods?: Record<string, string>; dateOrder?: string; columns?: Record<string, string> } = {},
  ): Promise<Answer> {
    const form = new FormData();
    form.set('intent', intent);
    form.set('csv', step.csv);
    form.set('fileName', step.fileName);
    if (step.counts) form.set('previewed', step.interpretation.key);
    form.set('invite', 'on');
    for (const field of importFields) form.set(`column.${field}`, changes.columns?.[field] ?? String(step.interpretation.mapping[field] ?? ''));
    if (step.interpretation.dates.dated) form.set('dateOrder', changes.dateOrder ?? step.interpretation.dates.order ?? '');
    for (const kind of ['plans', 'methods'] as const) {
      step.interpretation[kind].forEach((word, index) => {
        const changed = Object.entries(changes[kind] ?? {}).find(([spelling]) => word.spellings.includes(spelling));
        form.set(`${kind}[${index}].word`, word.key);
        form.set(`${kind}[${index}].choice`, changed?.[1] ?? word.choice ?? '');
      });
    }
    return post(form);
  }

  return { upload, submit };
}

/** A row of the preview by its spreadsheet row number. */
export const lineOf = (step: Step, row: number) => step.lines.find((line) => line.row === row)!;

const torontoDay = (date: Date | null) => (date ? isoDayAfter(date, 0, SITE_TIME_ZONE) : null);

export type HeldMember = { name: string; plan: string; since: string | null; expires: string | null; standing: string; payments: [number, string | null, string | null][] };

/** Each imported member as the database holds them: account name, plan, member since, expiry (Toronto days), standing now, and their payments (cents, method, day). */
export async function heldMembers(database: { db: () => Database }, emails: readonly string[]): Promise<Record<string, HeldMember>> {
  const found = await database
    .db()
    .select({ user: users, application: membershipApplications })
    .from(users)
    .innerJoin(membershipApplications, eq(membershipApplications.userId, users.id))
    .where(inArray(users.email, [...emails]));
  const result: Record<string, HeldMember> = {};
  for (const { user, application } of found) {
    expect(application.status).toBe('approved');
    const paid = await database
      .db()
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.referenceId, application.id)));
    result[user.email] = {
      name: user.name,
      plan: application.membershipType,
      since: torontoDay(application.memberSince),
      expires: torontoDay(application.expiresAt),
      standing: (await memberAccess(user)).standing,
      payments: paid.map((payment) => [payment.amountCents, payment.offlineMethod, torontoDay(payment.paidAt)]),
    };
  }
  return result;
}
