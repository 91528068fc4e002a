import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** A list's loading line or red error banner. */
export function ListStatus({
  loading,
  error,
  loadingText,
  errorPrefix,
}: {
  loading: boolean;
  error: Error | null;
  loadingText: string;
  errorPrefix: string;
}) {
  if (error) {
    return (
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertDescription>
          {errorPrefix}: {error.message}
        </AlertDescription>
      </Alert>
    );
  }
  if (loading) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        {loadingText}
      </p>
    );
  }
  return null;
}
