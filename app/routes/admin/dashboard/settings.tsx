import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { z } from 'zod';
import { CheckboxField, FormError, FormField, SaveButton } from '~/components/ui/form-field';
import { requireAdminArea, requireAdminSection } from '~/features/accounts/route-guards.server';
import { membershipPricesSchema, pricesFormValues, recurringGiftFloorFormValues, recurringGiftFloorSchema } from '~/features/content/prices.schema';
import { updateMembershipPrices, updateRecurringGiftFloor } from '~/features/content/prices.server';
import { siteSettingsSchema, staffTwoFactorSchema } from '~/features/content/settings.schema';
import { getSiteSettings, setStaffTwoFactorRequirement, settingsFormValues, updateSiteSettings } from '~/features/content/settings.server';
import { failureOf } from '~/lib/errors.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import type { PageHandle } from '~/lib/page-policy';
import { assertCan } from '~/lib/roles';
import { dataWithToast } from '~/lib/toast.server';
import type { Route } from './+types/settings';
import { RecurringGiftFloorForm } from './settings-gift-floor.parts';
import { MembershipPricesForm } from './settings-prices.parts';
import { StaffTwoFactorForm } from './settings-two-factor.parts';
import { receiptSettingsSchema } from '~/features/payments/receipt-settings.schema';
import { getReceiptSettings, saveReceiptSettings } from '~/features/payments/receipts.server';
import { ReceiptSettingsForm } from './settings-receipts.parts';

/** The association's name, contact details and links as every page shows them (docs/product.md#admin-dashboard): admins. */
export async function loader(args: Route.LoaderArgs) {
  const { user, can } = await requireAdminSection(args, 'settings');
  const settings = await getSiteSettings();
  // Two-step sign-in for staff is the super admin's (docs/product.md#security).
  const twoFactor = can.manageRoles ? { required: settings.staffTwoFactorRequired, ownIsOn: user.twoFactorEnabled === true } : null;
  return {
    settings: settingsFormValues(settings),
    prices: pricesFormValues({ annual: settings.annualPriceCents, life: settings.lifePriceCents }),
    giftFloor: recurringGiftFloorFormValues(settings.recurringGiftFloorCents),
    twoFactor,
    receipts: await getReceiptSettings(),
  };
}

/**
 * The page's forms (docs/architecture/forms.md#one-schema-per-route), one per intent: the association's details, the plans' prices,
 * the smallest recurring gift, the receipts' issuer, the super admin's requirement.
 */
const settingsPageSchema = z.discriminatedUnion('intent', [
  siteSettingsSchema.extend({ intent: z.literal('settings') }),
  membershipPricesSchema.extend({ intent: z.literal('prices') }),
  recurringGiftFloorSchema.extend({ intent: z.literal('gift-floor') }),
  staffTwoFactorSchema.extend({ intent: z.literal('two-factor') }),
  receiptSettingsSchema.extend({ intent: z.literal('receipts') }),
]);

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdminArea(args);
  try {
    // Asked before the form is read, so someone who may not edit settings learns nothing of its rules.
    assertCan(user, 'editSettings');
    const submission = parseWithZod(await readFormData(args.request), { schema: settingsPageSchema });
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
    const form = submission.value;
    if (form.intent === 'two-factor') {
      await setStaffTwoFactorRequirement(user, form.staffTwoFactorRequired);
      return dataWithToast(args.context, { result: null }, messages.twoFactorRequiredSaved(form.staffTwoFactorRequired ? 'on' : 'off'));
    }
    if (form.intent === 'prices') {
      const { intent: _intent, ...prices } = form;
      await updateMembershipPrices(user, prices);
      return dataWithToast(args.context, { result: submission.reply() }, messages.membershipPricesSaved);
    }
    if (form.intent === 'gift-floor') {
      await updateRecurringGiftFloor(user, form);
      return dataWithToast(args.context, { result: submission.reply() }, messages.recurringGiftFloorSaved(form.recurringGiftFloor));
    }
    if (form.intent === 'receipts') {
      const { intent: _receipts, ...receipts } = form;
      await saveReceiptSettings(user, receipts);
      return dataWithToast(args.context, { result: submission.reply() }, messages.receiptSettingsSaved);
    }
    const { intent: _intent, ...input } = form;
    await updateSiteSettings(user, input);
    return dataWithToast(args.context, { result: submission.reply() }, messages.settingsSaved);
  } catch (error) {
    const failure = failureOf(error, messages.updateFailed);
    return dataWithToast(args.context, { result: null }, failure.toast, { status: failure.status });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Settings · Admin Dashboard');

// Someone's own data: never stored (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'private', scripts: 'at-once' };

export default function SettingsSection({ loaderData, actionData }: Route.ComponentProps) {
  // Each form shows only its own answer: every post names its intent.
  const answered = actionData?.result?.initialValue?.intent;
  const resultFor = (intent: string) => (answered === intent ? (actionData?.result ?? undefined) : undefined);
  return (
    <>
      <SettingsForm defaults={loaderData.settings} lastResult={resultFor('settings')} />
      <MembershipPricesForm defaults={loaderData.prices} lastResult={resultFor('prices')} />
      <RecurringGiftFloorForm defaults={loaderData.giftFloor} lastResult={resultFor('gift-floor')} />
      <ReceiptSettingsForm defaults={loaderData.receipts} lastResult={resultFor('receipts')} />
      {loaderData.twoFactor ? <StaffTwoFactorForm required={loaderData.twoFactor.required} ownIsOn={loaderData.twoFactor.ownIsOn} /> : null}
    </>
  );
}

function SettingsForm({ defaults, lastResult }: { defaults: z.input<typeof siteSettingsSchema>; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(siteSettingsSchema, { id: 'site-settings', lastResult, defaultValue: defaults });
  const busy = useIsPending({ intent: 'settings' });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-3xl gap-5">
      <div>
        <h2 className="text-2xl font-bold text-navy-900">Settings</h2>
        <p className="text-muted-foreground">The association’s name, contact details and links, as every page shows them.</p>
      </div>
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.associationName} label="Association name" className="sm:col-span-2" />
        <FormField field={fields.shortName} label="Short name (header)" />
        <FormField field={fields.chapterName} label="Chapter name" />
        <FormField field={fields.contactAddress} label="Address" className="sm:col-span-2" multiline />
        <FormField field={fields.contactPhone} label="Phone" type="tel" />
        <FormField field={fields.contactEmail} label="Email" type="email" />
        <FormField field={fields.facebookUrl} label="Facebook page" hint="https://… or leave empty" />
        <FormField field={fields.instagramUrl} label="Instagram" hint="https://… or leave empty" />
        <FormField field={fields.youtubeUrl} label="YouTube" hint="https://… or leave empty" />
        <FormField field={fields.socialFeedUrl} label="Home page social feed" hint="The Facebook page whose posts the home page shows" />
        <FormField
          field={fields.themeColor}
          label="Theme colour"
          hint="Like #1b2f57 (empty: the crest’s navy). Phones colour their browser bar with it, and link previews are drawn on it in white, so it must be dark."
        />
        <FormField field={fields.sriLankaBranchUrl} label="Sri Lanka branch site" />
        <FormField field={fields.ukBranchUrl} label="United Kingdom branch site" />
        <FormField
          field={fields.membershipGraceDays}
          label="Grace period after a membership expires (days)"
          inputMode="numeric"
          hint="An expired annual membership keeps its access this long; 0 ends it on the day."
        />
        <FormField
          field={fields.committeeEmails}
          label="Committee addresses"
          className="sm:col-span-2"
          hint="Who hears of applications waiting for approval, separated by commas. Empty: the contact email."
        />
        <CheckboxField field={fields.committeeDigest} label="Send them one summary a day instead of a mail per application" className="sm:col-span-2" />
      </div>
      <SaveButton busy={busy}>Save Settings</SaveButton>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}
