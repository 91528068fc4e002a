import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export type FormFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  /** The validation message; linked to the input with aria-describedby. */
  error?: string | undefined;
  /** A standing hint under the input (also linked with aria-describedby). */
  hint?: string;
  /** Something on the label's line, right-aligned (the 'Forgot your password?' link). */
  labelAside?: ReactNode;
  /** For password inputs: a button that shows or hides what was typed. */
  revealable?: boolean;
};

/**
 * The labelled input of every form (auth, events, newsletter pages, checkout, admin), with its hint
 * and error text; spread react-hook-form's `register(name)` into it. The error line keeps its height while empty, so a
 * message appearing never pushes the form down; the input is marked aria-invalid while it has one.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  labelAside,
  revealable = false,
  type,
  className,
  ...inputProps
}: FormFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  const input = (
    <Input
      id={id}
      type={revealable && revealed ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      className={cn(revealable && 'pr-11', className)}
      {...inputProps}
    />
  );

  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {revealable ? (
        <div className="relative">
          {input}
          <button
            type="button"
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-controls={id}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2"
          >
            {revealed ? (
              <EyeOffIcon aria-hidden="true" className="size-4" />
            ) : (
              <EyeIcon aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="-mt-1 min-h-5 text-sm leading-5 text-destructive">
        {error}
      </p>
    </div>
  );
}
