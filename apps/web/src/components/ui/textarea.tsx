import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A multi-line input with the look of `Input`. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1',
        className,
      )}
      {...props}
    />
  );
}
