import { LoaderCircleIcon, PackageCheckIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHead } from '@/components/seo/page-head';
import { TokenActionCard } from '@/components/token-action-card';
import { Button } from '@/components/ui/button';
import { useClaimOrders } from '../api/orders';
import { useMember } from '../hooks/use-member';

/**
 * /account/claim-orders?token=...: the link that adds the orders a member placed as a guest to
 * their account. It acts for the member it was sent to, so a visitor logs in first and comes back.
 */
export function ClaimOrdersRoute() {
  const { currentUser, anonymous } = useMember();
  const claim = useClaimOrders();

  return (
    <>
      <PageHead
        title="Add your orders to your account"
        description="Add the orders you placed as a guest to your Jesus Walks account."
        path="/account/claim-orders"
        noindex
      />
      {currentUser.data ? (
        <TokenActionCard
          title="Add your orders to your account"
          icon={PackageCheckIcon}
          description="The orders you placed with your e-mail without logging in will show in My orders."
          actionLabel="Add them to my account"
          pendingLabel="Adding..."
          mutation={claim}
          doneTitle="Orders added"
          failureFallback="Your orders could not be added. Please try again."
          after={
            <Button asChild variant="outline">
              <Link to="/account?tab=orders">See my orders</Link>
            </Button>
          }
        />
      ) : (
        <Container className="py-16 md:py-24">
          <EmptyState headingLevel={1} icon={LoaderCircleIcon} title="Loading...">
            <p role="status">{anonymous ? 'Taking you to the login page...' : 'Please wait a moment.'}</p>
          </EmptyState>
        </Container>
      )}
    </>
  );
}
