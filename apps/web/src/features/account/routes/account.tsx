import { LoaderCircleIcon, ShieldIcon, TriangleAlertIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CurrentUser } from '@/lib/current-user';
import { useAccount } from '../api/account';
import { DataTab } from '../components/data-tab';
import { NewsletterTab } from '../components/newsletter-tab';
import { OrdersTab } from '../components/orders-tab';
import { ProfileTab } from '../components/profile-tab';
import { WalksTab } from '../components/walks-tab';
import { useMember } from '../hooks/use-member';
import { type AccountTab, accountTabs, accountTabsInUrl } from '../utils/account-tab';

function Account({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = accountTabsInUrl.tabFromSearch(searchParams);
  const account = useAccount();
  const name = account.data?.name ?? user.username;

  const selectTab = (value: string) => {
    if (accountTabsInUrl.isTab(value)) {
      setSearchParams(accountTabsInUrl.searchForTab(searchParams, value as AccountTab));
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="My account"
        title={`Hello, ${name}`}
        description="Your walks, your orders and your details, all in one place."
        actions={
          user.isAdmin ? (
            <Button asChild variant="outline">
              <Link to="/admin">
                <ShieldIcon aria-hidden="true" />
                Admin Panel
              </Link>
            </Button>
          ) : null
        }
      />
      <Container className="min-w-0 py-8 md:py-10">
        <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
          <TabsList aria-label="Account sections">
            {accountTabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="walks">
            <WalksTab />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab />
          </TabsContent>
          <TabsContent value="profile">
            <ProfileTab />
          </TabsContent>
          <TabsContent value="newsletter">
            <NewsletterTab />
          </TabsContent>
          <TabsContent value="data">
            <DataTab />
          </TabsContent>
        </Tabs>
      </Container>
    </>
  );
}

/**
 * /account: a member's own page. A visitor is sent to log in and brought back here (with the tab
 * they asked for) afterwards.
 */
export function AccountRoute() {
  const { currentUser, anonymous } = useMember();

  return (
    <>
      <PageHead
        title="My Account"
        description="Your walks, orders and details at Jesus Walks."
        path="/account"
        noindex
      />
      {currentUser.data ? (
        <Account user={currentUser.data} />
      ) : currentUser.isError ? (
        <Container className="py-16 md:py-24">
          <EmptyState
            headingLevel={1}
            icon={TriangleAlertIcon}
            title="Your account could not be loaded"
            actions={<Button onClick={() => void currentUser.refetch()}>Try Again</Button>}
          >
            Please check your connection and try again.
          </EmptyState>
        </Container>
      ) : (
        <Container className="py-16 md:py-24">
          <EmptyState headingLevel={1} icon={LoaderCircleIcon} title="Loading your account...">
            <p role="status">{anonymous ? 'Taking you to the login page...' : 'Please wait a moment.'}</p>
          </EmptyState>
        </Container>
      )}
    </>
  );
}
