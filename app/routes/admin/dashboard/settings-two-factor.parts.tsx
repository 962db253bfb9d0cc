import { Link, Form } from 'react-router';
import { SaveButton } from '~/components/ui/form-field';
import { useIsPending } from '~/lib/forms';

/**
 * The super admin's 'Require two-step sign-in for admins and finance' (docs/product.md#security),
 * under the association's settings. A checkbox and a button: it saves what the box says.
 */
export function StaffTwoFactorForm({ required, ownIsOn }: { required: boolean; ownIsOn: boolean }) {
  const busy = useIsPending({ intent: 'two-factor' });
  return (
    <Form method="post" className="mt-10 grid max-w-3xl gap-4 border-t border-border pt-8" aria-labelledby="staff-two-factor-heading">
      <div>
        <h2 id="staff-two-factor-heading" className="text-xl font-bold text-navy-900">
          Two-step sign-in for staff
        </h2>
        <p className="text-muted-foreground">
          When required, admins, super admins and finance must turn on two-step sign-in (a code from an authenticator app after the password) before they can open the admin area. Editors and members
          may use it, but need not.
        </p>
      </div>
      <input type="hidden" name="intent" value="two-factor" />
      <label className="flex items-center gap-3 text-sm font-semibold text-navy-900">
        <input type="checkbox" name="staffTwoFactorRequired" defaultChecked={required} key={String(required)} className="size-5 rounded border-slate-300 accent-navy-700" />
        Require two-step sign-in for admins and finance
      </label>
      {!ownIsOn && !required ? (
        <p className="text-sm text-slate-700">
          Turn it on for your own account first, under{' '}
          <Link to="/members-portal/security" className="font-semibold text-navy-700 underline underline-offset-2">
            Security
          </Link>{' '}
          in your portal.
        </p>
      ) : null}
      <SaveButton busy={busy}>Save requirement</SaveButton>
    </Form>
  );
}
