import { LoaderCircleIcon, LogOutIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/logout';
import { AuthCard } from '../components/auth-card';

/** /logout ends the session on arrival, then the logout mutation takes the browser to /login. */
export function LogoutRoute() {
  const { mutate, isError } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the session must be ended once.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <>
      <title>Logout</title>
      <meta name="robots" content="noindex" />
      <AuthCard
        title="Logout"
        icon={LogOutIcon}
        description={isError ? 'We could not log you out.' : 'Logging you out…'}
      >
        {isError ? (
          <Button onClick={() => mutate()}>Try again</Button>
        ) : (
          <div role="status" className="flex justify-center text-primary">
            <LoaderCircleIcon aria-hidden="true" className="size-6 animate-spin" />
            <span className="sr-only">Logging out</span>
          </div>
        )}
        <Button asChild variant="link">
          <Link to="/">Back to Home</Link>
        </Button>
      </AuthCard>
    </>
  );
}
