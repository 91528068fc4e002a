import type { ComponentProps } from 'react';
import { Textarea } from '@/components/ui/textarea';
import { LabelledControl } from './labelled-control';

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled textarea with its hint and error line, laid out like FormField. */
export function TextareaField({ id, label, error, hint, ...textareaProps }: TextareaFieldProps) {
  return (
    <LabelledControl id={id} label={label} error={error} hint={hint}>
      {(description) => <Textarea id={id} {...description} {...textareaProps} />}
    </LabelledControl>
  );
}
