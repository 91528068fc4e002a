import type { ComponentProps } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { Button } from './button';

/**
 * A form's submit button, disabled until the page is hydrated: pressed on a server-rendered page
 * before React runs, it would submit the form natively (its fields, a password among them, in
 * the URL) instead of through the form's handler.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={disabled || !hydrated} {...props} />;
}
