import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

/** The association's identity from the root loader (SPEC B §9), for any component on the page. */
export function useSiteSettings() {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings;
}

/** The signed-in visitor as the header shows them, or null. */
export function useCurrentUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
