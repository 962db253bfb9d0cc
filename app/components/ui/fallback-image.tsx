import { cn } from '~/lib/utils';

/**
 * An image that shows `fallback` when there is no source or the file fails to load. The swap is
 * done by the page's own few lines of script (app/root.tsx, `data-fallback`), so it works on pages
 * without React and for a file that failed before anything else ran.
 */
export function FallbackImage({ src, fallback, alt, className, ...props }: Omit<React.ComponentProps<'img'>, 'src'> & { src: string | null | undefined; fallback: string; alt: string }) {
  return <img {...props} src={src || fallback} data-fallback={fallback} alt={alt} className={cn('object-cover', className)} />;
}
