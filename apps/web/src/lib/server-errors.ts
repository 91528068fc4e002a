import { ApiError } from '@/lib/api-client';

/**
 * What a failure toast should say: the first validation issue when the server lists them (more
 * useful than its generic 'The request is not valid'), else the server's message, else `fallback`.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const issue = error.issues?.find((entry) => typeof entry.message === 'string' && entry.message !== '');
    if (issue) return issue.message;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

/**
 * The server's validation issues for the form's own fields (`['body', 'email']` -> `email`), first
 * message per field, so they can be shown under the inputs as well.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.issues) return result;
  for (const issue of error.issues) {
    const path = Array.isArray(issue.path) ? issue.path.filter((part) => part !== 'body') : [];
    const field = fields.find((name) => name === path[0]);
    if (field && result[field] === undefined && typeof issue.message === 'string') {
      result[field] = issue.message;
    }
  }
  return result;
}
