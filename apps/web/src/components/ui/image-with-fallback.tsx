import { type ComponentProps, useState } from 'react';

type ImageWithFallbackProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & {
  src: string | null | undefined;
  /** Shown when `src` is missing or fails to load (tried once: a broken fallback is left alone). */
  fallbackSrc: string;
};

/** An image that swaps itself for a fallback when missing or broken. */
export function ImageWithFallback({ src, fallbackSrc, alt, ...props }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <img
      {...props}
      src={broken ? fallbackSrc : src}
      alt={alt}
      data-fallback={broken ? 'true' : undefined}
      // On a server-rendered page an eager image may have failed before React listened: look once.
      // (A lazy one not yet asked for also reads complete with no width; its error comes later.)
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0 && image.loading !== 'lazy' && !broken && src)
          setFailedSrc(src);
      }}
      onError={() => {
        if (!broken && src) setFailedSrc(src);
      }}
    />
  );
}
