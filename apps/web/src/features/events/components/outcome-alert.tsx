import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { Outcome } from '../utils/registration-outcome';

const icons = { success: CircleCheckIcon, info: InfoIcon, error: CircleAlertIcon } as const;

/** The result of registering or cancelling, announced to screen readers as it appears. */
export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const Icon = icons[outcome.tone];
  return (
    <Alert
      variant={outcome.tone === 'success' ? 'success' : outcome.tone === 'error' ? 'destructive' : 'default'}
    >
      <Icon aria-hidden="true" />
      <AlertTitle>{outcome.title}</AlertTitle>
      <AlertDescription>{outcome.description}</AlertDescription>
    </Alert>
  );
}
