/**
 * The import rules of docs/architecture.md#import-rules, checked through the project's real ESLint
 * configuration: a breach fails `npm run lint`, an allowed direction passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer rule's messages for `code` as if it were the file `filePath` (other rules' findings are ignored). */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'layers/imports').map((message) => message.message);
}

describe('layers/imports', () => {
  it.each([
    ['one feature importing another', 'app/features/donations/breach.ts', "import { submitApplication } from '~/features/membership/membership.server';"],
    ['the same through a relative path', 'app/features/donations/breach.ts', "import { membershipPlans } from '../membership/plans';"],
    ['a type-only import', 'app/features/donations/breach.ts', "import type { Payment } from '~/features/payments/payments.server';"],
    ['a re-export', 'app/features/donations/breach.ts', "export { membershipPlans } from '~/features/membership/plans';"],
    ['a dynamic import', 'app/features/donations/breach.ts', "export const later = () => import('~/features/membership/plans');"],
    ['a domain importing payments', 'app/features/membership/breach.ts', "import { startCheckout } from '~/features/payments/payments.server';"],
    ['a feature importing a route', 'app/features/events/breach.ts', "import { loader } from '~/routes/_site/events';"],
    ['lib importing a feature', 'app/lib/breach.ts', "import { messagesOf } from '~/features/mail/templates';"],
    ['db importing a feature', 'app/db/schema/breach.ts', "import type { ApplicationStatus } from '~/features/membership/status';"],
    ['a component importing a feature', 'app/components/events/breach.tsx', "import { clampQuantity } from '~/features/events/tickets';"],
    ['a component importing a route', 'app/components/layout/breach.tsx', "import type { loader } from '~/root';"],
    ['a route importing the database', 'app/routes/api/breach.ts', "import { db } from '~/db/client.server';"],
    ['events importing payments beyond the refund totals', 'app/features/events/breach.ts', "import { refundPayment } from '~/features/payments/refunds.server';"],
    ['another feature importing the refund totals (the door is for events only)', 'app/features/donations/breach.ts', "import { refundTotals } from '~/features/payments/refund-totals.server';"],
    ['the refund totals importing events back', 'app/features/payments/refund-totals.server.ts', "import { getEventWithTiers } from '~/features/events/events.server';"],
  ])('refuses %s', async (_name, filePath, code) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('See docs/architecture.md#import-rules');
  });

  it.each([
    [
      'a feature importing its own files, lib and db',
      'app/features/donations/ok.ts',
      "import { donationCauses } from './causes';\nimport { env } from '~/lib/env.server';\nimport { donations } from '~/db/schema/donations';",
    ],
    ['any feature importing mail', 'app/features/donations/ok.ts', "import { sendMail } from '~/features/mail/mail.server';"],
    [
      'payments importing the domains it fulfils',
      'app/features/payments/ok.ts',
      "import { applyMembershipPayment } from '~/features/membership/membership.server';\nimport { recordDonation } from '../donations/donations.server';",
    ],
    [
      'a route importing features, components and lib',
      'app/routes/_site/ok.tsx',
      "import { listNews } from '~/features/content/content.server';\nimport { Button } from '~/components/ui/button';\nimport { cn } from '~/lib/utils';\nimport { TicketCard } from './ticket-card';",
    ],
    [
      'events importing the refund totals of payments (featureFiles)',
      'app/features/events/ok.ts',
      "import { refundTotals } from '~/features/payments/refund-totals.server';\nimport { refundTotals as again } from '../payments/refund-totals.server';",
    ],
    ['lib and db importing each other', 'app/lib/ok.ts', "import { db } from '~/db/client.server';"],
    ['code outside app/ importing anything', 'scripts/ok.ts', "import { db } from '~/db/client.server';\nimport { setAccountRole } from '~/features/accounts/accounts.server';"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});
