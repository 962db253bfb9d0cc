import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField, SelectField } from '~/components/ui/form-field';
import { requireAdminAbility } from '~/features/accounts/route-guards.server';
import { donationCauses } from '~/features/donations/causes';
import { offlineGiftCauses, offlineGiftSchema } from '~/features/payments/offline.schema';
import { recordOfflineGift } from '~/features/payments/payments.server';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/offline-gift';
import { OfflinePaymentFields } from './offline-payment-fields.parts';

/** 'Record an offline gift' (`/admin/donations/new`, docs/product.md#offline-payments): admins only. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdminAbility(args, 'changeDonations');
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user } = await requireAdminAbility(args, 'changeDonations');
  const submission = parseWithZod(await readFormData(request), { schema: offlineGiftSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    const donation = await recordOfflineGift(user, submission.value);
    return redirectWithToast(`/admin/donations/${donation.id}`, messages.offlineGiftRecorded);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { result: submission.reply({ formErrors: [failure.message] }) }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Record an offline gift');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function OfflineGift({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(offlineGiftSchema, { id: 'offline-gift', lastResult: actionData?.result, defaultValue: { method: 'cheque', cause: 'general' } });
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="link" className="px-0">
        <Link to="/admin/donations">← Donations</Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">Record an offline gift</h1>
      <p className="mt-1 text-muted-foreground">
        A gift the committee received by hand: cash, a cheque or a bank transfer. It is recorded as a completed donation, and the donor gets a receipt by email.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 rounded-xl border border-border bg-white p-6 shadow-sm sm:grid-cols-2">
        <FormField field={fields.firstName} label="First name" autoComplete="off" />
        <FormField field={fields.lastName} label="Last name" autoComplete="off" />
        <FormField field={fields.email} label="Email" type="email" autoComplete="off" hint="The receipt goes here." />
        <SelectField field={fields.cause} label="Cause" options={offlineGiftCauses.map((cause) => ({ value: cause, label: donationCauses[cause].label }))} />
        <OfflinePaymentFields fields={fields} />
        <div className="grid gap-2 sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? 'Recording…' : 'Record the gift'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
