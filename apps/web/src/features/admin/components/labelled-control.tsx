import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** What the control needs to be tied to its hint and error line. */
export interface ControlDescription {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A form control with its label above and its hint and error line below, laid out like FormField:
 * the select and textarea fields of the admin's forms.
 */
export function LabelledControl({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (description: ControlDescription) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
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
