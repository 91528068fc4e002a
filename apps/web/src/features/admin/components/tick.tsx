import { CheckIcon, XIcon } from 'lucide-react';

/** A tick or a cross for a yes/no column, with its meaning for screen readers. */
export function Tick({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <span className="inline-flex text-green-700" title={`${label}: yes`}>
      <CheckIcon aria-hidden="true" className="size-4" />
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="inline-flex text-red-700" title={`${label}: no`}>
      <XIcon aria-hidden="true" className="size-4" />
      <span className="sr-only">No</span>
    </span>
  );
}
