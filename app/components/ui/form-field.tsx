import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/utils';
import { Button } from './button';
import { Input } from './input';

/**
 * A labelled input bound to a Conform field: its error (from the browser or the server) shows under
 * it and is announced; what the visitor typed is kept after a failed post.
 */
export function FormField({
  field,
  label,
  type = 'text',
  hint,
  className,
  multiline = false,
  ...inputProps
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's string field
  field: FieldMetadata<string, any, string[]>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'datetime-local' | 'url';
  hint?: string;
  /** A textarea, for text whose line breaks matter (an address); a number is its height in rows. */
  multiline?: boolean | number;
} & Omit<ComponentProps<'input'>, 'type' | 'name' | 'id' | 'defaultValue'>) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, pattern, ...props } = getInputProps(field, { type, ariaDescribedBy: hintId });
  // HTML allows `pattern` on text-like fields only (the schema's own check covers the others).
  if (patternTypes.has(type)) Object.assign(props, { pattern });
  const { key: textareaKey, ...textareaProps } = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={field.id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      {multiline ? (
        <textarea
          key={textareaKey}
          {...textareaProps}
          rows={typeof multiline === 'number' ? multiline : 3}
          disabled={inputProps.disabled}
          className="min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus-visible:border-navy-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-300 aria-[invalid=true]:border-destructive"
        />
      ) : (
        <Input key={key} {...props} {...inputProps} />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

const patternTypes = new Set(['text', 'email', 'password', 'tel', 'url']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field
export type AnyField = FieldMetadata<any, any, string[]>;

/** A field's first error, under it, announced and tied to the input by its id. */
export function FieldError({ field }: { field: AnyField }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="text-sm font-medium text-destructive">
      {field.errors[0]}
    </p>
  );
}

/** A labelled choice from a short list, bound to a Conform field like FormField. */
export function SelectField({ field, label, options, hint, className }: { field: AnyField; label: string; options: readonly { value: string; label: string }[]; hint?: string; className?: string }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, required, ...props } = getSelectProps(field, { ariaDescribedBy: hintId });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={field.id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        key={key}
        {...props}
        // A list that starts with a real choice always has one: HTML allows `required` only with an empty first option.
        required={required && options[0]?.value === ''}
        className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base shadow-sm focus-visible:border-navy-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-300 aria-[invalid=true]:border-destructive"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

/** A labelled checkbox bound to a Conform field; checked posts "on". */
export function CheckboxField({ field, label, hint, className, disabled }: { field: AnyField; label: string; hint?: string; className?: string; disabled?: boolean }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getInputProps(field, { type: 'checkbox', ariaDescribedBy: hintId });
  return (
    <div className={cn('grid content-start gap-1', className)}>
      <label htmlFor={field.id} className="flex items-center gap-3 text-sm font-semibold text-navy-900">
        <input key={key} {...props} disabled={disabled} className="size-5 shrink-0 rounded border-slate-300 accent-navy-700" />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="pl-8 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

/**
 * A settings-like form's submit button: at the start of its line, disabled and saying `busyLabel`
 * while the post goes (`useIsPending`).
 */
export function SaveButton({ busy, busyLabel = 'Saving...', children }: { busy: boolean; busyLabel?: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} className="justify-self-start">
      {busy ? busyLabel : children}
    </Button>
  );
}

/** The form's own error line, in red under the fields (docs/product.md#accounts). */
export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

/**
 * A group of checkboxes bound to one Conform list field (each ticked box posts its value), with a
 * legend, a hint and the field's error: "only for these tiers" in the event editor's panels.
 */
export function CheckboxListField({ field, legend, hint, options, className }: { field: AnyField; legend: string; hint: string; options: { value: string; label: string }[]; className?: string }) {
  const chosen = new Set((field.initialValue as string[] | undefined) ?? []);
  return (
    <fieldset className={cn('grid gap-2', className)} aria-describedby={`${field.id}-hint`}>
      <legend className="text-sm font-semibold text-navy-900">{legend}</legend>
      <p id={`${field.id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-navy-900">
            <input type="checkbox" name={field.name} value={option.value} defaultChecked={chosen.has(option.value)} className="size-5 rounded border-slate-300 accent-navy-700" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
