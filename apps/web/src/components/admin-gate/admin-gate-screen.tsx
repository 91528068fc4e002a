import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, LockIcon, ShieldAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { currentUserQueryKey } from '@/lib/current-user';
import type { AdminGate } from './admin-gate';

function Wrapper({ children }: { children: React.ReactNode }) {
  return <Container className="py-16 md:py-24">{children}</Container>;
}

/**
 * Every state of the dashboard's gate but 'admin' (SPEC.md section 2, "Gate states"). The state is
 * the whole page, so its title is the page's h1.
 */
export function AdminGateScreen({ gate }: { gate: Exclude<AdminGate, 'admin'> }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  switch (gate) {
    case 'checking':
      return (
        <Wrapper>
          <EmptyState headingLevel={1} icon={LoaderCircleIcon} title="Loading...">
            <p role="status">Checking authentication...</p>
          </EmptyState>
        </Wrapper>
      );
    case 'error':
      return (
        <Wrapper>
          <EmptyState
            headingLevel={1}
            icon={TriangleAlertIcon}
            title="Authentication Error"
            actions={
              <Button
                onClick={() => {
                  queryClient.removeQueries({ queryKey: currentUserQueryKey });
                  navigate('/login');
                }}
              >
                Go to Login
              </Button>
            }
          >
            We could not check who you are. Please log in again.
          </EmptyState>
        </Wrapper>
      );
    case 'anonymous':
      return (
        <Wrapper>
          <EmptyState
            headingLevel={1}
            icon={LockIcon}
            title="Please Log In"
            actions={
              <Button asChild>
                <Link to="/login">Log In</Link>
              </Button>
            }
          >
            You need to be logged in as an administrator to use the admin dashboard.
          </EmptyState>
        </Wrapper>
      );
    case 'forbidden':
      return (
        <Wrapper>
          <EmptyState
            headingLevel={1}
            icon={ShieldAlertIcon}
            title="Access Denied - You don't have admin privileges."
            actions={
              <Button asChild>
                <Link to="/">Go Home</Link>
              </Button>
            }
          />
        </Wrapper>
      );
    case 'loading-user':
      return (
        <Wrapper>
          <EmptyState headingLevel={1} icon={LoaderCircleIcon} title="Loading user data...">
            <p role="status">Please wait a moment.</p>
          </EmptyState>
        </Wrapper>
      );
  }
}
