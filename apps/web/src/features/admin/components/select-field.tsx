import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { LabelledControl } from './labelled-control';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled select with its hint and error line, laid out like FormField. */
export function SelectField({ id, label, error, hint, children, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledControl id={id} label={label} error={error} hint={hint}>
      {(description) => (
        <NativeSelect id={id} {...description} {...selectProps}>
          {children}
        </NativeSelect>
      )}
    </LabelledControl>
  );
}
