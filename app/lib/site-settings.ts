import { useRouteLoaderData } from 'react-router';
import type { siteSettings } from '~/db/schema/content';
import type { PreviewImage } from './images';
import type { ShownToast } from './toast';

/**
 * What the root loader gives every page. Declared here, below the routes, so components and lib
 * can read it without importing a route (docs/architecture.md#import-rules); root.tsx's loader
 * returns exactly this shape.
 */
/**
 * The settings every visitor may see: what the header, the footer and the public pages show. The
 * rest of the row (who hears of applications, the digest, the grace period) is the committee's and
 * never goes to a page's data or the page cache; the admin's settings page reads it itself.
 */
export type PublicSiteSettings = Pick<
  typeof siteSettings.$inferSelect,
  'associationName' | 'shortName' | 'chapterName' | 'contactAddress' | 'contactPhone' | 'contactEmail' | 'socialLinks' | 'branchLinks' | 'socialFeedUrl' | 'themeColor'
>;

export type RootData = {
  toast: ShownToast | null;
  /** The association's identity (docs/product.md#decisions-we-build-on): its public fields only. */
  settings: PublicSiteSettings;
  publicUrl: string;
  /** The site's own link-preview card, for pages without a picture of their own (docs/architecture/previews.md). */
  siteImage: PreviewImage;
  user: { name: string; email: string; role: string | null } | null;
};

/** The site's name as page titles end with it: "LMC PPA North America". */
export function siteName(settings: Pick<PublicSiteSettings, 'shortName' | 'chapterName'>): string {
  return `${settings.shortName} ${settings.chapterName}`;
}

/** The association's identity from the root loader, for any component on the page. */
export function useSiteSettings() {
  return useRouteLoaderData<RootData>('root')?.settings;
}

/** The signed-in visitor as the header shows them, or null. */
export function useCurrentUser() {
  return useRouteLoaderData<RootData>('root')?.user ?? null;
}
