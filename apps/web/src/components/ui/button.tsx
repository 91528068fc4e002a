import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        cream: 'bg-card text-primary shadow-sm hover:bg-secondary',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link, usually) with the button's look. */
    asChild?: boolean;
  };

/**
 * A button. On a server-rendered page it stays disabled, without looking it, until React runs the
 * page: pressed before then, a click would be lost, and a form's submit button would submit the
 * form natively (its fields, a password among them, in the URL).
 */
export function Button({ className, variant, size, asChild = false, type, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  if (asChild) {
    return <Slot.Root className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || !hydrated}
      data-hydrating={hydrated ? undefined : ''}
      className={cn(
        buttonVariants({ variant, size }),
        !hydrated && !disabled && 'disabled:opacity-100',
        className,
      )}
      {...props}
    />
  );
}
