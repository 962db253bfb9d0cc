import { useState } from 'react';
import { cn } from '~/lib/utils';

/**
 * An image that shows `fallback` when there is no source or the file fails to load. The error
 * listener is attached after hydration too, so a file that failed before React started still swaps.
 */
export function FallbackImage({
  src,
  fallback,
  alt,
  className,
  ...props
}: Omit<React.ComponentProps<'img'>, 'src'> & { src: string | null | undefined; fallback: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const source = !src || failed ? fallback : src;
  return (
    <img
      {...props}
      src={source}
      alt={alt}
      className={cn('object-cover', className)}
      ref={(element) => {
        if (element && element.complete && element.naturalWidth === 0 && source !== fallback) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
}
