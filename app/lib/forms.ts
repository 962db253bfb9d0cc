import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
import { messages } from './messages';
import type { ToastMessage } from './toast';

/**
 * The way every form here is wired (docs/architecture.md#forms): the zod schema the server parses
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
