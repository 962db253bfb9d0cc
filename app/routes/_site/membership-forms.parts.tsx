import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useEffect } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { passwordRule } from '~/features/accounts/accounts.schema';
import { applicantAccountSchema, membershipApplicationSchema } from '~/features/membership/membership.schema';
import { membershipPlans, type MembershipPrices, type MembershipType } from '~/features/membership/plans';
import { radioProps, useIsPending, useSchemaForm } from '~/lib/forms';
import { useHydrated } from '~/lib/hydration';
import { messages } from '~/lib/messages';
import { formatCents } from '~/lib/money';
import { toast } from '~/lib/toast';

/*
 * The membership page's two forms (docs/product.md#membership): the account step for a visitor
 * without one, and the application. Both post to the page's action (membershipPageSchema), each
 * with its intent; the browser checks each with its own part of that schema.
 */

type LastResult = SubmissionResult<string[]> | undefined;

/** Step 1 for a visitor who is not signed in: an email and a password make the account. */
export function AccountStep({ plan, lastResult }: { plan: MembershipType; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(applicantAccountSchema, { id: 'applicant-account', lastResult });
  const busy = useIsPending({ intent: 'create-account' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 rounded-xl bg-muted p-5">
      <div>
        <h3 className="text-lg font-semibold text-navy-900">1. Create your account</h3>
        <p className="text-sm text-muted-foreground">
          Already have one?{' '}
          <Link to={`/login?redirectTo=${encodeURIComponent(`/membership?plan=${plan}`)}`} className="font-semibold text-navy-700 underline">
            Log in first
          </Link>
          .
        </p>
      </div>
      <input type="hidden" name="intent" value="create-account" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" hint={passwordRule} />
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The application; until the account exists it shows, disabled, as step 2. Once React runs it posts the `js` field (lib/fields.ts). */
export function ApplicationStep({
  plan,
  disabled,
  prefill,
  prices,
  lastResult,
}: {
  plan: MembershipType;
  disabled: boolean;
  prefill: { firstName: string; lastName: string; email: string } | null;
  prices: MembershipPrices;
  lastResult: LastResult;
}) {
  const [form, fields] = useSchemaForm(membershipApplicationSchema({ signedIn: true }), {
    id: 'membership-application',
    lastResult,
    defaultValue: { membershipType: plan, firstName: prefill?.firstName, lastName: prefill?.lastName },
  });
  const hydrated = useHydrated();
  const life = fields.membershipType.value === 'life';
  // Busy until the checkout page opens: the post leaves this page.
  const busy = useIsPending({ intent: 'apply', state: 'non-idle' });
  useEffect(() => {
    const first = form.errors?.[0];
    if (first) toast({ ...messages.applicationFailed, description: first });
  }, [form.errors]);

  return (
    <Form method="post" {...getFormProps(form)} className={`mt-6 grid gap-5 ${disabled ? 'pointer-events-none opacity-50' : ''}`} aria-disabled={disabled}>
      <h3 className="text-lg font-semibold text-navy-900">{disabled ? '2. Your application' : 'Your application'}</h3>
      <input type="hidden" name="intent" value="apply" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-navy-900">Membership plan</legend>
        <div className="flex flex-wrap gap-4">
          {Object.values(membershipPlans).map((option, index) => (
            <label key={option.type} className="flex items-center gap-2 rounded-md border border-border px-4 py-3 text-sm font-medium has-[:checked]:border-gold-400 has-[:checked]:bg-gold-50">
              <input {...radioProps(fields.membershipType, option.type, index === 0)} key={option.type} disabled={disabled} />
              {option.productName} ({formatCents(prices[option.type])}
              {option.type === 'annual' ? '/year' : ' one-time'})
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First Name" autoComplete="given-name" disabled={disabled} />
        <FormField field={fields.lastName} label="Last Name" autoComplete="family-name" disabled={disabled} />
        <FormField field={fields.phoneNumber} label="Telephone (optional)" type="tel" autoComplete="tel" disabled={disabled} />
        <FormField field={fields.homeAddress} label="Home Address" autoComplete="address-line1" disabled={disabled} />
        <FormField field={fields.olYear} label="O/L Year (optional)" inputMode="numeric" disabled={disabled} />
        <FormField field={fields.alYear} label="A/L Year (optional)" inputMode="numeric" disabled={disabled} />
        <FormField field={fields.studyStartDate} label="Study Start Date (optional)" type="date" disabled={disabled} />
        <FormField field={fields.studyEndDate} label="Study End Date (optional)" type="date" disabled={disabled} />
      </div>
      {/* Annual plan only; without JavaScript the server refuses it with a life plan (membershipApplicationSchema). */}
      <div data-annual-only hidden={life}>
        <CheckboxField
          field={fields.autoRenew}
          label="Renew automatically every year by card"
          hint={`Annual plan only. Your card is charged ${formatCents(prices.annual)} each year when your membership is due; turn it off in the Members Portal at any time.`}
          disabled={disabled || life}
        />
      </div>
      <Button type="submit" size="lg" variant="accent" disabled={disabled || busy} className="justify-self-start">
        {busy ? 'Submitting...' : 'Submit Application'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
