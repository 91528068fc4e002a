import type { ComponentProps } from 'react';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & { id: string; label: string };

/** A native checkbox with its label (the Admin flag of the user forms). */
export function CheckboxField({ id, label, ...inputProps }: CheckboxFieldProps) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4 accent-primary" {...inputProps} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}
