import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { CircleX, CreditCard, RefreshCw } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmAction } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError } from '~/components/ui/form-field';
import type { AutoRenewalState } from '~/features/membership/auto-renewal';
import { renewalChoiceSchema } from '~/features/membership/membership.schema';
import { formatLongDate } from '~/lib/dates';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { formatCents } from '~/lib/money';

/*
 * The portal's renewal controls (docs/product.md#membership-lifecycle): Renew, with the choice to
 * renew automatically, and for a membership that renews automatically its state, 'Update my card'
 * and 'Turn off automatic renewal'. They post to the profile page, whose action hands them to
 * profile-renewal.parts.server.ts.
 */

/**
 * What the profile's action answers a renewal post that stays on the page: Renew's result (a
 * refusal over the form, the box as it was ticked), why 'Update my card' or turning off was refused,
 * or that turning off asks first.
 */
export type RenewalReply = { renewResult?: SubmissionResult<string[]>; renewalError?: string; askingTurnOff?: boolean };

/** Renew by hand, or (ticked) start a yearly card subscription; the same schema checks it on the server. */
export function RenewForm({ priceCents, lastResult }: { priceCents: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(renewalChoiceSchema, { id: 'renew-membership', lastResult });
  // Busy until the checkout opens: the post leaves the page.
  const busy = useIsPending({ intent: 'renew', state: 'non-idle' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-4 rounded-lg border border-border bg-muted p-5">
      <input type="hidden" name="intent" value="renew" />
      <p className="text-sm text-slate-700">Renewing adds a year to your membership for {formatCents(priceCents)}.</p>
      <CheckboxField
        field={fields.autoRenew}
        label="Renew automatically every year by card"
        hint="Your card is charged each year when your membership is due, and you get a receipt by mail; turn it off here at any time."
      />
      <Button type="submit" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? 'Opening Checkout…' : 'Renew'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

type Renewing = { autoRenewal: AutoRenewalState; renewalProvider: string | null; expiresAt: Date | string | null };

/** A membership that renews automatically: when, or that its last renewal failed; and what the member can do. */
export function AutoRenewal({ membership, asking, error }: { membership: Renewing; asking: boolean; error: string | null }) {
  const busy = useIsPending();
  if (membership.autoRenewal === 'off') return null;
  const expiresOn = membership.expiresAt ? formatLongDate(new Date(membership.expiresAt)) : null;
  const failed = membership.autoRenewal === 'past_due';
  const isTest = membership.renewalProvider === 'test';
  return (
    <section id="auto-renewal" aria-labelledby="auto-renewal-heading" className="mt-8 scroll-mt-24 grid gap-4 border-t border-border pt-6">
      <h2 id="auto-renewal-heading" className="text-lg font-bold text-navy-900">
        Automatic renewal
      </h2>
      {failed ? (
        <p role="status" data-testid="auto-renewal-state" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Renewal payment failed — update your card.</strong> Your card could not be charged for your next year
          {expiresOn ? `; your membership runs until ${expiresOn}, then the usual grace period applies` : ''}.
        </p>
      ) : (
        <p data-testid="auto-renewal-state" className="flex items-center gap-2 text-sm text-slate-700">
          <RefreshCw className="size-4 shrink-0 text-gold-600" aria-hidden />
          <span>
            <strong className="text-navy-900">Renews automatically{expiresOn ? ` on ${expiresOn}` : ''}.</strong> Your card is charged then; there is nothing to do.
          </span>
        </p>
      )}
      <div className="flex flex-wrap items-start gap-3">
        {/* The test provider keeps no cards: a new test checkout pays a failed renewal instead. */}
        {!isTest || failed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="update-card" />
            <Button type="submit" variant={failed ? 'accent' : 'outline'} disabled={busy}>
              <CreditCard aria-hidden /> Update my card
            </Button>
          </Form>
        ) : null}
        <ConfirmAction
          question="Turn off automatic renewal?"
          consequence={`Your card will not be charged again. You stay a member${expiresOn ? ` until ${expiresOn}` : ''}, and can renew by hand before then.`}
          asking={asking}
          label="Turn off automatic renewal"
          confirmLabel="Yes, turn it off"
          busyLabel="Turning off…"
          keepTo="/members-portal#auto-renewal"
          icon={CircleX}
          intent="turn-off-auto-renewal"
        />
      </div>
      <FormError id="auto-renewal-error" errors={error ? [error] : undefined} />
      {isTest ? (
        <div className="flex flex-wrap gap-3">
          {(['paid', 'failed'] as const).map((outcome) => (
            <Form method="post" action="/payment/test-renewal" key={outcome}>
              <input type="hidden" name="outcome" value={outcome} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                {outcome === 'paid' ? 'Simulate paid renewal (test mode)' : 'Simulate failed renewal (test mode)'}
              </Button>
            </Form>
          ))}
        </div>
      ) : null}
    </section>
  );
}
