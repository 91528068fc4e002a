import { toast } from '@/components/ui/use-toast';
import { getServerMessage } from '@/lib/api-client';

/** The admin's success toast: title 'Success' (SPEC.md section 8). */
export function notifySuccess(description: string): void {
  toast({ title: 'Success', description });
}

/** The text of an admin error toast: the server's own message, else the fallback. */
export function errorDescription(error: unknown, fallback: string): string {
  return getServerMessage(error) ?? fallback;
}

/** The admin's destructive error toast: title 'Error' (SPEC.md section 8). */
export function notifyError(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, fallback) });
}
