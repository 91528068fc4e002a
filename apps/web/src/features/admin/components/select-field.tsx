import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled select with its hint and error line, laid out like FormField. */
export function SelectField({ id, label, error, hint, children, ...selectProps }: SelectFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...selectProps}
      >
        {children}
      </NativeSelect>
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
