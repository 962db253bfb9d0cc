import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FieldError, FormError, FormField } from '~/components/ui/form-field';
import { donationCauses, giftFrequencies, giftFrequencyLabels, iptvSubscriptionPlans, quickDonationAmountsCents, type DonationCause } from '~/features/donations/causes';
import { giftFields, giftSchema, missingInformation, subscriptionDonationSchema } from '~/features/donations/donations.schema';
import { radioProps, refusalToast, useIsPending, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { formatCents } from '~/lib/money';
import { toast } from '~/lib/toast';

/** The donate page's two forms (docs/product.md#the-page-donate): a gift to the general or medical cause, and the IPTV Project's subscription. */
type Prefill = { firstName: string; lastName: string; email: string } | null;
type LastResult = SubmissionResult<string[]> | undefined;

/**
 * The refusal's toast ('Missing Information', or the first field's own message) also shows when the
 * browser's own check stops the post (the server sends the same toast when the post reaches it).
 */
function withRefusalToast(formProps: ReturnType<typeof getFormProps>, schema: z.ZodType) {
  return {
    ...formProps,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const result = parseWithZod(new FormData(event.currentTarget), { schema });
      if (result.status === 'error') toast(refusalToast(result.error, missingInformation));
      formProps.onSubmit(event);
    },
  };
}

/**
 * A gift to the general or medical cause: once, or every month or year at the amount the donor
 * chooses, no less than `floorCents` when it recurs (the page's loader reads the floor the admins set).
 */
export function GiftForm({ cause, floorCents, prefill, lastResult }: { cause: Exclude<DonationCause, 'iptv'>; floorCents: number; prefill: Prefill; lastResult: LastResult }) {
  const schema = useMemo(() => giftSchema(floorCents), [floorCents]);
  const [form, fields] = useSchemaForm(schema, {
    id: 'gift',
    lastResult,
    defaultValue: { frequency: 'once', amount: '50', ...prefill },
    // Constraints come from the fields; the amount rule itself is the schema's.
    constraintSchema: giftFields,
  });
  const hydrated = useHydrated();
  const busy = useIsPending({ state: 'non-idle' });
  const frequencyHintId = `${fields.frequency.id}-hint`;
  return (
    <Form method="post" {...withRefusalToast(getFormProps(form), schema)} className="grid gap-5">
      <h2 className="text-2xl font-bold text-navy-900">{donationCauses[cause].label}</h2>
      <input type="hidden" name="kind" value="gift" />
      <input type="hidden" name="cause" value={cause} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset aria-describedby={frequencyHintId}>
        <legend className="mb-2 text-sm font-semibold text-navy-900">How often</legend>
        <div className="grid grid-cols-3 gap-2">
          {giftFrequencies.map((frequency, index) => (
            <label
              key={frequency}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-border px-3 py-3 text-sm font-semibold text-navy-900 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50"
            >
              <input {...radioProps(fields.frequency, frequency, index === 0)} key={frequency} />
              {giftFrequencyLabels[frequency]}
            </label>
          ))}
        </div>
        <p id={frequencyHintId} className="mt-2 text-xs text-muted-foreground">
          Monthly and yearly gifts start at {formatCents(floorCents)}. You can cancel them at any time.
        </p>
        <FieldError field={fields.frequency} />
      </fieldset>
      <fieldset className="[&>p]:mt-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">Amount</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {quickDonationAmountsCents.map((cents, index) => (
            <label
              key={cents}
              className="flex cursor-pointer items-center justify-center rounded-md border border-border py-3 text-base font-semibold text-navy-900 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50 has-[:focus-visible]:outline-2"
            >
              <input {...radioProps(fields.amount, String(cents / 100), index === 0)} key={cents} className="sr-only" />
              {formatCents(cents).replace('.00', '')}
            </label>
          ))}
        </div>
        <FieldError field={fields.amount} />
      </fieldset>
      <FormField field={fields.customAmount} label="Custom amount (USD, optional)" inputMode="decimal" placeholder="e.g. 75 or 12.34" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <FormField field={fields.phoneNumber} label="Telephone (optional)" type="tel" autoComplete="tel" />
      </div>
      <FormField field={fields.homeAddress} label="Home Address" autoComplete="address-line1" />
      <Button type="submit" size="lg" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? 'Processing...' : 'Donate Now'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The IPTV Project's own monthly or annual subscription, at its fixed prices. */
export function SubscriptionForm({ prefill, lastResult }: { prefill: Prefill; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(subscriptionDonationSchema, { id: 'iptv-subscription', lastResult, defaultValue: { interval: 'month', ...prefill } });
  const hydrated = useHydrated();
  const busy = useIsPending({ state: 'non-idle' });
  return (
    <Form method="post" {...withRefusalToast(getFormProps(form), subscriptionDonationSchema)} className="grid gap-5">
      <h2 className="text-2xl font-bold text-navy-900">{donationCauses.iptv.label}</h2>
      <input type="hidden" name="kind" value="subscription" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-navy-900">Contribution</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {Object.values(iptvSubscriptionPlans).map((plan, index) => (
            <label
              key={plan.interval}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-4 py-3 text-sm font-semibold text-navy-900 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50"
            >
              <input {...radioProps(fields.interval, plan.interval, index === 0)} key={plan.interval} />
              {plan.label}: {formatCents(plan.priceCents)} / {plan.interval}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" />
      </div>
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <Button type="submit" size="lg" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? 'Processing...' : 'Subscribe'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
