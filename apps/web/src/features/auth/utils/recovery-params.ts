/**
 * The login page's recovery notice (SPEC.md "Login"): `?recovery=success|error&message=...` shows
 * the message in a green (success) or destructive (error) alert, then the query string is removed.
 */
export type RecoveryKind = 'success' | 'error';

export interface RecoveryNotice {
  kind: RecoveryKind;
  message: string;
}

/** Long enough for any real notice; a crafted link cannot fill the page with text. */
export const RECOVERY_MESSAGE_MAX_LENGTH = 300;

function toParams(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}

/** The notice the address asks for, or null when recovery is missing or unknown, or message is blank. */
export function parseRecoveryParams(search: string | URLSearchParams): RecoveryNotice | null {
  const params = toParams(search);
  const recovery = params.get('recovery');
  if (recovery !== 'success' && recovery !== 'error') return null;
  const message = (params.get('message') ?? '').trim();
  if (message === '') return null;
  return { kind: recovery, message: message.slice(0, RECOVERY_MESSAGE_MAX_LENGTH) };
}

/** Whether the address carries recovery parameters, so that the page should remove them. */
export function hasRecoveryParams(search: string | URLSearchParams): boolean {
  const params = toParams(search);
  return params.has('recovery') || params.has('message');
}

/** The login address that shows `message` as a recovery notice. */
export function recoveryLoginPath(kind: RecoveryKind, message: string): string {
  return `/login?${new URLSearchParams({ recovery: kind, message }).toString()}`;
}
