import { ChartLineIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function AdminDashboardRoute() {
  return (
    <>
      <title>Admin Dashboard</title>
      <meta name="robots" content="noindex" />
      <PageHeader
        title="Admin Dashboard"
        eyebrow="Administration"
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/seo">
              <ChartLineIcon aria-hidden="true" />
              SEO Dashboard
            </Link>
          </Button>
        }
      />
      <Container className="py-10 md:py-14">
        <EmptyState icon={ShieldCheckIcon} title="Admin tools are being set up">
          Users, orders and products will be managed from here.
        </EmptyState>
      </Container>
    </>
  );
}
