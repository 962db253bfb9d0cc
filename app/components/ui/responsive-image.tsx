import type { ImageSources } from '~/lib/images';
import { cn } from '~/lib/utils';
import { FallbackImage } from './fallback-image';

/**
 * A picture at the width the screen needs: an uploaded one from its stored widths (srcset, with
 * its size so nothing shifts while it loads), else a picture shipped with the site, else
 * `fallback`. `sizes` tells the browser how wide it is shown.
 */
export function ResponsiveImage({
  image,
  src,
  fallback,
  alt,
  sizes,
  className,
  loading = 'lazy',
}: {
  image: ImageSources | null | undefined;
  src?: string | null;
  fallback: string;
  alt: string;
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  if (!image) return <FallbackImage src={src} fallback={fallback} alt={alt} loading={loading} className={className} />;
  return <img src={image.src} srcSet={image.srcSet} sizes={sizes} width={image.width} height={image.height} alt={alt} loading={loading} decoding="async" className={cn('object-cover', className)} />;
}
