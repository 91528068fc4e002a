import { resetPasswordPath } from '../api/forgot-password';

/**
 * The development-mode part of the 'Reset email sent!' toast: where the server exposes the reset
 * token (EXPOSE_RESET_TOKEN), the link the e-mail would carry, and the token itself.
 *
 * The toaster sits outside the router, so the link navigates through the `onOpen` callback it is
 * given rather than a router `<Link>`; the href keeps middle-click and copy working.
 */
export function DevResetLink({ token, onOpen }: { token: string; onOpen: (path: string) => void }) {
  const path = resetPasswordPath(token);
  return (
    <span className="mt-2 grid gap-1 rounded-md border border-dashed border-border bg-muted/60 p-2 text-xs">
      <span className="font-semibold uppercase tracking-wide">Development mode</span>
      <a
        href={path}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          onOpen(path);
        }}
        className="font-medium text-primary underline underline-offset-2"
      >
        Open the reset link
      </a>
      <span>
        Reset token:{' '}
        <code data-reset-token className="break-all font-mono">
          {token}
        </code>
      </span>
    </span>
  );
}
