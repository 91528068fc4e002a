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
      onError={() => {
        if (!broken && src) setFailedSrc(src);
      }}
    />
  );
}
