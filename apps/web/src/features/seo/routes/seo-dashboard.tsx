import { ArrowLeftIcon, ChartLineIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function SeoDashboardRoute() {
  return (
    <>
      <title>SEO Dashboard</title>
      <meta name="robots" content="noindex" />
      <PageHeader
        title="SEO Dashboard"
        eyebrow="Administration"
        actions={
          <Button asChild variant="outline">
            <Link to="/admin">
              <ArrowLeftIcon aria-hidden="true" />
              Admin Dashboard
            </Link>
          </Button>
        }
      />
      <Container className="py-10 md:py-14">
        <EmptyState icon={ChartLineIcon} title="Search analytics are being connected">
          Search Console status, sitemap tools and traffic metrics will appear here.
        </EmptyState>
      </Container>
    </>
  );
}
