import { z } from 'zod';
import { checkbox } from '~/lib/fields';

/** 'Your listing' on the directory page (docs/product.md#member-directory): listed or not, and what else is shared. */
export const directoryListingSchema = z.object({
  listed: checkbox,
  shareEmail: checkbox,
  sharePhone: checkbox,
  shareYears: checkbox,
});
export type DirectoryListingInput = z.infer<typeof directoryListingSchema>;

/** The directory's search (?q=&ol=&al=), read leniently: what is not a name or a year is ignored. */
export function readDirectorySearch(params: URLSearchParams): { name: string; olYear: number | null; alYear: number | null } {
  const year = (value: string | null) => (value && /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : null);
  return { name: (params.get('q') ?? '').trim().slice(0, 100), olYear: year(params.get('ol')), alYear: year(params.get('al')) };
}
