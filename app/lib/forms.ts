import { getInputProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
import { messages } from './messages';
import type { ToastMessage } from './toast';

/**
 * The way every form here is wired (docs/architecture/forms.md): the zod schema the server parses
 * with also validates in the browser — on submit, then on every input once a field has an error —
 * and gives the inputs their HTML constraints, so the form works without JavaScript too.
 * `constraintSchema` is for a schema whose transform hides its fields' rules from the constraints.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
    constraintSchema?: z.ZodType;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(options.constraintSchema ?? schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
}

/**
 * One radio of a group of choices: Conform's props, made valid HTML. Conform gives every radio the
 * field's id and the schema's `pattern`; ids must be unique and `pattern` belongs to text fields, so
 * only the group's first radio keeps the id (its label's `for`, the page script's way to the group)
 * and none keeps `pattern`. Each still carries the field's `aria-invalid` and `aria-describedby`.
 */
export function radioProps(field: FieldMetadata<string | undefined>, value: string, first: boolean) {
  const { id, pattern: _pattern, ...props } = getInputProps(field, { type: 'radio', value });
  return first ? { ...props, id } : props;
}

/**
 * The key of a record's form: it changes with what the form shows, so React starts the form again
 * from the saved values after a save, while the form's id stays the record's (`tier-12`). Ids built
 * from a record's text held its spaces (invalid HTML: a label's `for` no longer finds its field for
 * the HTML checker) and changed with every edit.
 */
export function recordFormKey(record: unknown): string {
  return JSON.stringify(record ?? null);
}

/**
 * Whether a form post is under way, for the busy label of its button ('Signing In...'). With
 * `intent`, only a post of that intent counts (pages with several forms). `state: 'non-idle'`
 * stays busy while the page that follows loads, for posts that leave the page (to a checkout).
 */
export function useIsPending({ intent, state = 'submitting' }: { intent?: string; state?: 'submitting' | 'non-idle' } = {}): boolean {
  const navigation = useNavigation();
  const active = state === 'submitting' ? navigation.state === 'submitting' : navigation.state !== 'idle';
  return active && (intent === undefined || navigation.formData?.get('intent') === intent);
}

/**
 * The toast of a form its schema refused, naming the real problem (docs/product.md#toasts): 'Missing
 * Information' when a required field is empty (its fields say `missingMessage`), otherwise the first
 * field's own message ('Enter a valid email address.'). The server answers a refused post with it,
 * and the page shows the same when the browser's check stops the post.
 */
export function refusalToast(errors: Record<string, string[] | null | undefined> | null | undefined, missingMessage: string): ToastMessage {
  const problems = Object.values(errors ?? {}).flatMap((fieldErrors) => fieldErrors ?? []);
  if (problems.includes(missingMessage)) return messages.missingInformation;
  return messages.checkYourDetails(problems[0] ?? messages.checkWhatYouEntered);
}
