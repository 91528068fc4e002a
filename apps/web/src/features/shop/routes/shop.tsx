import { ShoppingBagIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function ShopRoute() {
  return (
    <>
      <title>Shop</title>
      <PageHeader
        title="Shop"
        eyebrow="Jesus Walks merch"
        description="Shirts, caps and trail gear for the walk. Every purchase helps keep our walks free."
      />
      <Container className="py-10 md:py-14">
        <EmptyState
          icon={ShoppingBagIcon}
          title="New merch is on its way"
          actions={
            <Button asChild variant="outline">
              <Link to="/events">See upcoming walks</Link>
            </Button>
          }
        >
          Our products will be listed here shortly.
        </EmptyState>
      </Container>
    </>
  );
}
