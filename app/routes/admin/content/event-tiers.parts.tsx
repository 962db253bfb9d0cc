import { getFormProps } from '@conform-to/react';
import { Plus } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmDelete, Panel, StatusBadge } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormError, FormField } from '~/components/ui/form-field';
import { tierSchema } from '~/features/events/events.schema';
import { formatDateTime, toLocalDateTimeInput } from '~/lib/dates';
import { recordFormKey, useIsPending, useSchemaForm } from '~/lib/forms';
import { formatPrice } from '~/lib/money';
import type { Route } from './+types/event-editor';

type Tier = NonNullable<Route.ComponentProps['loaderData']['event']>['tiers'][number];
type ActionData = Route.ComponentProps['actionData'];

/**
 * The event editor's ticket tiers (docs/product.md#content-area): each tier with its sales, closing
 * and reopening them, deleting an unsold one, and its form; and the form for a new tier. Each form
 * posts its own intent (`tier-save`, `tier-close`, `tier-open`, `tier-delete`) with the tier's `id`
 * to the editor's action (eventEditorSchema).
 */
export function TierPanel({ tiers, actionData }: { tiers: Tier[]; actionData: ActionData }) {
  return (
    <Panel id="ticket-tiers" title="Ticket tiers" description="What people can buy or reserve. A tier that has sold tickets can be closed, not deleted." className="mt-8">
      <ul className="grid grid-cols-1 gap-3">
        {tiers.map((tier) => (
          <TierItem key={tier.id} tier={tier} actionData={actionData} />
        ))}
      </ul>
      <details className="mt-4 rounded-lg border border-dashed border-slate-300 p-4" open={tiers.length === 0 || actionData?.form === 'tier-new'}>
        <summary className="cursor-pointer font-semibold text-navy-800">
          <Plus className="mr-1 inline size-4" aria-hidden />
          Add a tier
        </summary>
        {/* A fresh form once a tier is added: the last one's values (its 'Members only' tick) must not carry over. */}
        <TierForm key={tiers.length} tier={null} lastResult={actionData?.form === 'tier-new' ? actionData.result : null} />
      </details>
    </Panel>
  );
}

function TierItem({ tier, actionData }: { tier: Tier; actionData: ActionData }) {
  const asking = actionData?.asking === `tier-delete${tier.id}`;
  const formKey = `tier-${tier.id}`;
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">
            {tier.name} <span className="font-normal text-slate-700">· {formatPrice(tier.priceCents)}</span>
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              {tier.sold} of {tier.quantityCap} sold
            </span>
            {tier.membersOnly ? <span>Members only</span> : null}
            {tier.salesStart ? <span>Sales open {formatDateTime(tier.salesStart)}</span> : null}
            {tier.salesEnd ? <span>Sales close {formatDateTime(tier.salesEnd)}</span> : null}
            {tier.closed ? <StatusBadge status="closed" /> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={tier.id} />
            <Button type="submit" name="intent" value={tier.closed ? 'tier-open' : 'tier-close'} variant="outline" size="sm">
              {tier.closed ? 'Reopen sales' : 'Close sales'}
            </Button>
          </Form>
          {tier.sold === 0 && !asking ? <ConfirmDelete what={`the tier “${tier.name}”`} intent="tier-delete" fields={{ id: String(tier.id) }} label="Delete tier" /> : null}
        </div>
      </div>
      {asking ? (
        <div className="mt-3">
          <ConfirmDelete what={`the tier “${tier.name}”`} intent="tier-delete" fields={{ id: String(tier.id) }} asking />
        </div>
      ) : null}
      <details className="mt-3" open={actionData?.form === formKey}>
        <summary className="cursor-pointer text-sm font-semibold text-navy-700">Edit “{tier.name}”</summary>
        <TierForm key={recordFormKey(tier)} tier={tier} lastResult={actionData?.form === formKey ? actionData.result : null} />
      </details>
    </li>
  );
}

function TierForm({ tier, lastResult }: { tier: Tier | null; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(tierSchema, {
    id: `tier-${tier?.id ?? 'new'}`,
    lastResult,
    defaultValue: {
      name: tier?.name ?? '',
      description: tier?.description ?? '',
      price: tier ? (tier.priceCents / 100).toFixed(2) : '',
      quantityCap: tier ? String(tier.quantityCap) : '',
      salesStart: tier?.salesStart ? toLocalDateTimeInput(tier.salesStart) : '',
      salesEnd: tier?.salesEnd ? toLocalDateTimeInput(tier.salesEnd) : '',
      membersOnly: tier?.membersOnly ? 'on' : undefined,
      sortOrder: tier ? String(tier.sortOrder) : '',
    },
  });
  const saving = useIsPending({ intent: 'tier-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="id" value={tier?.id ?? ''} />
      <FormField field={fields.name} label="Name" hint="e.g. Standard, Student, VIP Table." />
      <FormField field={fields.price} label="Price in dollars" inputMode="decimal" hint="0 for free." />
      <FormField field={fields.description} label="Description (optional)" className="sm:col-span-2" />
      <FormField field={fields.quantityCap} label="Number of tickets" inputMode="numeric" />
      <FormField field={fields.sortOrder} label="Order (optional)" inputMode="numeric" hint="Lower numbers come first." />
      <FormField field={fields.salesStart} label="Sales open (optional)" type="datetime-local" />
      <FormField field={fields.salesEnd} label="Sales close (optional)" type="datetime-local" />
      <CheckboxField field={fields.membersOnly} label="Members only" hint="Only members with an active membership may buy it." className="sm:col-span-2" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="tier-save" disabled={saving}>
          {tier ? 'Save tier' : 'Add tier'}
        </Button>
      </div>
    </Form>
  );
}
