import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn';

/** Shown when an event has no image or its image fails to load. */
export const DEFAULT_EVENT_IMAGE = '/images/events/trail-default.svg';

type EventImageProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string | null };

/** An event's picture (16:9), lazy by default, falling back to a default trail picture. */
export function EventImage({ src, className, alt = '', loading = 'lazy', ...props }: EventImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? DEFAULT_EVENT_IMAGE : src}
      alt={alt}
      width={800}
      height={450}
      loading={loading}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('aspect-video w-full bg-secondary object-cover', className)}
      {...props}
    />
  );
}
