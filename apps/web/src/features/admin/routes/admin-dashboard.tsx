import { ChartLineIcon, LogOutIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminGate } from '@/components/admin-gate/admin-gate';
import { AdminGateScreen } from '@/components/admin-gate/admin-gate-screen';
import { useDashboardUser } from '@/components/admin-gate/get-dashboard-user';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CurrentUser } from '@/lib/current-user';
import { useLogout } from '@/lib/logout';
import { ActivityTab } from '../components/activity-tab';
import { CreateOrderTab } from '../components/create-order-tab';
import { EventsTab } from '../components/events-tab';
import { MessagesTab } from '../components/messages-tab';
import { OrdersTab } from '../components/orders-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProductsTab } from '../components/products-tab';
import { SubscribersTab } from '../components/subscribers-tab';
import { UsersTab } from '../components/users-tab';
import { type AdminTab, adminTabs, isAdminTab, searchForTab, tabFromSearch } from '../utils/admin-tab';

function Dashboard({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);
  const logout = useLogout();

  const selectTab = (value: string) => {
    if (isAdminTab(value)) setSearchParams(searchForTab(searchParams, value as AdminTab));
  };

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        eyebrow="Administration"
        description={`Welcome, ${user.username || 'Admin'}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/seo">
                <ChartLineIcon aria-hidden="true" />
                SEO Dashboard
              </Link>
            </Button>
            <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOutIcon aria-hidden="true" />
              {logout.isPending ? 'Logging out...' : 'Logout'}
            </Button>
          </>
        }
      />
      <Container className="min-w-0 py-8 md:py-10">
        {/* Each tab asks for its own data when opened; the dashboard is mounted only for an admin,
            so the lists are never asked for anyone else (SPEC.md section 6). */}
        <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
          <TabsList aria-label="Admin sections">
            {adminTabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="min-w-0">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="users" className="min-w-0">
            <UsersTab />
          </TabsContent>
          <TabsContent value="orders" className="min-w-0">
            <OrdersTab />
          </TabsContent>
          <TabsContent value="products" className="min-w-0">
            <ProductsTab />
          </TabsContent>
          <TabsContent value="create-order" className="min-w-0">
            <CreateOrderTab />
          </TabsContent>
          <TabsContent value="events" className="min-w-0">
            <EventsTab />
          </TabsContent>
          <TabsContent value="subscribers" className="min-w-0">
            <SubscribersTab />
          </TabsContent>
          <TabsContent value="messages" className="min-w-0">
            <MessagesTab />
          </TabsContent>
          <TabsContent value="activity" className="min-w-0">
            <ActivityTab />
          </TabsContent>
        </Tabs>
      </Container>
    </>
  );
}

export function AdminDashboardRoute() {
  const currentUser = useDashboardUser();
  const gate = adminGate(currentUser);

  return (
    <>
      <title>Admin Dashboard</title>
      <meta name="robots" content="noindex" />
      {gate === 'admin' && currentUser.data ? <Dashboard user={currentUser.data} /> : null}
      {gate !== 'admin' ? <AdminGateScreen gate={gate} /> : null}
    </>
  );
}
