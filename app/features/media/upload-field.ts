import { z } from 'zod';
import type { MediaKind } from '~/db/schema/enums';
import { confirmedChange, postedUuid } from '~/lib/fields';
import { maxUploadBytes, tooLargeMessage } from './limits';

/** Whether a form value is a chosen file (a file input left empty posts an empty, nameless one). */
function isChosenFile(value: unknown): value is File {
  return typeof value === 'object' && value !== null && 'arrayBuffer' in value && 'size' in value && (value as File).size > 0;
}

/**
 * A file input in a form schema (docs/product.md#content-area): null when no file was chosen, the
 * File otherwise, refused when larger than its kind allows, in the browser before it is sent and
 * again on the server. What the file really is, the server reads from its bytes (media.server.ts).
 */
export function optionalUpload(kind: MediaKind) {
  const upload = z.unknown().transform((value, context) => {
    if (!isChosenFile(value)) return null;
    if (value.size > maxUploadBytes[kind]) {
      context.addIssue({ code: 'custom', message: tooLargeMessage(kind, value.size) });
      return z.NEVER;
    }
    return value;
  });
  // A form that leaves the field out altogether means no file, as an empty input does.
  return upload.optional().transform((file) => file ?? null);
}

/** The media library's upload form: one picture, required. */
export const mediaLibrarySchema = z.object({
  file: optionalUpload('image').refine((file) => file !== null, 'Choose a picture to upload.'),
});

/** The media library's post (docs/architecture/forms.md#one-schema-per-route): an upload (no intent), or a file's deletion (its `id`). */
export const mediaLibraryPostSchema = z.discriminatedUnion(
  'intent',
  [mediaLibrarySchema.extend({ intent: z.literal('upload').default('upload') }), confirmedChange('delete').extend({ id: postedUuid })],
  { error: 'Choose what to do.' },
);
