import { getFormProps } from '@conform-to/react';
import { Plus } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmDelete, ItemEditFold, Panel } from '~/components/admin/content-ui';
import { Button } from '~/components/ui/button';
import { CheckboxField, CheckboxListField, FormError, FormField, SelectField } from '~/components/ui/form-field';
import { discountCodeSchema, discountKindLabels, discountText } from '~/features/events/discounts';
import { formatDateTime, toLocalDateTimeInput } from '~/lib/dates';
import { recordFormKey, useIsPending, useSchemaForm } from '~/lib/forms';
import type { Route } from './+types/event-editor';

type LoaderData = Route.ComponentProps['loaderData'];
type Code = LoaderData['codes'][number];
type Tier = NonNullable<LoaderData['event']>['tiers'][number];
type ActionData = Route.ComponentProps['actionData'];

const kindOptions = Object.entries(discountKindLabels).map(([value, label]) => ({ value, label }));

/**
 * The event editor's discount codes (docs/product.md#discount-codes): each code with what it takes
 * off, its uses and limit, its dates and whom it is for; switched off or on, edited, deleted (only
 * one no order ever used, after asking); and the form for a new one. Each form posts its intent
 * (`code-save`, `code-off`, `code-on`, `code-delete`) with the code's `id` to the editor's action.
 */
export function CodePanel({ codes, tiers, actionData }: { codes: Code[]; tiers: Tier[]; actionData: ActionData }) {
  return (
    <Panel id="discount-codes" title="Discount codes" description="Codes buyers type on the order page: a percentage or an amount off each ticket, one use per order." className="mt-8">
      {codes.length === 0 ? <p className="text-sm text-slate-700">No codes yet: everyone pays the tiers’ prices.</p> : null}
      <ul className="grid grid-cols-1 gap-3">
        {codes.map((code) => (
          <CodeItem key={code.id} code={code} tiers={tiers} actionData={actionData} />
        ))}
      </ul>
      {/* Closed again once a code is added (a new key): the next one starts from an empty form. */}
      <details key={codes.length} className="mt-4 rounded-lg border border-dashed border-slate-300 p-4" open={actionData?.form === 'code-new'}>
        <summary className="cursor-pointer font-semibold text-navy-800">
          <Plus className="mr-1 inline size-4" aria-hidden />
          Add a discount code
        </summary>
        <CodeForm code={null} tiers={tiers} lastResult={actionData?.form === 'code-new' ? actionData.result : null} />
      </details>
    </Panel>
  );
}

function CodeItem({ code, tiers, actionData }: { code: Code; tiers: Tier[]; actionData: ActionData }) {
  const asking = actionData?.asking === `code-delete${code.id}`;
  const formKey = `code-${code.id}`;
  const tierNames = tiers.filter((tier) => code.tierIds.includes(tier.id)).map((tier) => tier.name);
  const deletion = { what: `the code ${code.code}`, intent: 'code-delete', fields: { id: String(code.id) }, consequence: 'The order page stops taking it.' };
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono font-semibold break-all text-navy-900">
            {code.code} {!code.active ? <span className="ml-1 rounded bg-slate-100 px-2 py-0.5 font-sans text-xs font-medium text-slate-700">Off</span> : null}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{discountText(code)}</span>
            <span>{tierNames.length ? `Only ${tierNames.join(', ')}` : 'Every tier'}</span>
            {code.membersOnly ? <span>Members only</span> : null}
            <span>
              {code.uses} / {code.useLimit ?? '∞'} {code.useLimit === 1 ? 'use' : 'uses'}
            </span>
            {code.validFrom ? <span>From {formatDateTime(code.validFrom)}</span> : null}
            {code.validUntil ? <span>Until {formatDateTime(code.validUntil)}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="id" value={code.id} />
            <Button type="submit" name="intent" value={code.active ? 'code-off' : 'code-on'} variant="outline" size="sm" aria-label={`${code.active ? 'Switch off' : 'Switch on'} ${code.code}`}>
              {code.active ? 'Switch off' : 'Switch on'}
            </Button>
          </Form>
          {!code.everUsed && !asking ? <ConfirmDelete {...deletion} label="Delete code" /> : null}
        </div>
      </div>
      <ItemEditFold asking={asking} deletion={deletion} open={actionData?.form === formKey} summary={<>Edit {code.code}</>}>
        <CodeForm key={recordFormKey(code)} code={code} tiers={tiers} lastResult={actionData?.form === formKey ? actionData.result : null} />
      </ItemEditFold>
    </li>
  );
}

function CodeForm({ code, tiers, lastResult }: { code: Code | null; tiers: Tier[]; lastResult: NonNullable<ActionData>['result'] | null }) {
  const [form, fields] = useSchemaForm(discountCodeSchema, {
    id: `code-${code?.id ?? 'new'}`,
    lastResult,
    defaultValue: {
      code: code?.code ?? '',
      kind: code?.kind ?? 'percent',
      amount: code ? (code.kind === 'percent' ? String(code.amount) : (code.amount / 100).toFixed(2)) : '',
      tierIds: code?.tierIds.map(String) ?? [],
      useLimit: code?.useLimit ? String(code.useLimit) : '',
      validFrom: code?.validFrom ? toLocalDateTimeInput(code.validFrom) : '',
      validUntil: code?.validUntil ? toLocalDateTimeInput(code.validUntil) : '',
      membersOnly: code?.membersOnly ? 'on' : undefined,
      active: !code || code.active ? 'on' : undefined,
    },
  });
  const saving = useIsPending({ intent: 'code-save' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="id" value={code?.id ?? ''} />
      <FormField field={fields.code} label="Code" hint="What buyers type, e.g. EARLYBIRD. Letters, digits, - and _; any case." autoComplete="off" />
      <SelectField field={fields.kind} label="Discount" options={kindOptions} />
      <FormField field={fields.amount} label="Amount" inputMode="decimal" hint="A percentage 1–100, or dollars off each ticket (never below free)." />
      <FormField field={fields.useLimit} label="Use limit (optional)" inputMode="numeric" hint="How many orders may use it. Empty: no limit." />
      <FormField field={fields.validFrom} label="Valid from (optional)" type="datetime-local" hint="Toronto time." />
      <FormField field={fields.validUntil} label="Valid until (optional)" type="datetime-local" hint="Toronto time." />
      {tiers.length > 1 ? (
        <CheckboxListField
          field={fields.tierIds}
          legend="Only for (optional)"
          hint="None ticked: it lowers every tier."
          options={tiers.map((tier) => ({ value: String(tier.id), label: tier.name }))}
          className="sm:col-span-2"
        />
      ) : null}
      <CheckboxField field={fields.membersOnly} label="Members only" hint="Only for buyers signed in with an active membership." />
      <CheckboxField field={fields.active} label="On" hint="Switched off, the order page refuses it." />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="code-save" disabled={saving}>
          {code ? 'Save code' : 'Add code'}
        </Button>
      </div>
    </Form>
  );
}
