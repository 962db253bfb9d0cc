import { z } from 'zod';

/**
 * What a phone posts to sync its check-ins (docs/product.md#tickets, ADR 013): up to 200 scans,
 * each with the phone's own id for it (a sync sent twice records it once), what was scanned or
 * typed, when, the phone's id, and the token of the list it was checked against.
 */
export const doorSyncSchema = z.object({
  scans: z
    .array(
      z.object({
        id: z.uuid({ error: 'Each scan needs its id (a UUID).' }),
        code: z.string().trim().min(1, 'Each scan needs the code that was scanned or typed.').max(200, 'A scanned code is at most 200 characters.'),
        scannedAt: z.iso.datetime({ offset: true, error: 'Each scan needs the time it was made (ISO 8601).' }).transform((value) => new Date(value)),
        deviceId: z.string().trim().min(1, 'Each scan needs the id of its phone.').max(64, 'A phone’s id is at most 64 characters.'),
        // The signed download of the list the scan was checked against (its `listToken`); without it the scan counts when it arrives.
        list: z.string().max(64, 'A list’s token is at most 64 characters.').optional(),
      }),
      { error: 'Send the scans as a list.' },
    )
    .min(1, 'There are no scans to sync.')
    .max(200, 'Send at most 200 scans at once.'),
});

export type DoorSyncPost = z.input<typeof doorSyncSchema>;
