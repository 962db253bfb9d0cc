import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldError } from '~/components/ui/form-field';
import { cn } from '~/lib/utils';

/**
 * A file input bound to a Conform field (docs/product.md#content-area): what is there now (a
 * preview, a file name), the limits in the hint, and the error under it. A file cannot be kept
 * after a refused post: the hint says so when there is an error.
 */
export function FileField({
  field,
  label,
  accept,
  hint,
  current,
  required,
  className,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's file field
  field: FieldMetadata<any, any, string[]>;
  label: string;
  accept: string;
  hint: string;
  current?: ReactNode;
  required?: boolean;
  className?: string;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: 'file', ariaDescribedBy: hintId });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={field.id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      {current ? <div className="text-sm text-slate-700">{current}</div> : null}
      <input
        key={key}
        {...props}
        accept={accept}
        required={required}
        className="w-full min-w-0 max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-2 file:font-semibold file:text-navy-900 hover:file:bg-navy-50"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
        {field.errors?.length ? ' Please choose the file again.' : ''}
      </p>
      <FieldError field={field} />
    </div>
  );
}
