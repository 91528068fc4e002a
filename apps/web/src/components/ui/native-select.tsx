import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own select (keyboard, screen readers and phones' pickers for free), styled like `Input`. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative w-full min-w-0">
      <select
        className={cn(
          'flex h-10 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
          'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
