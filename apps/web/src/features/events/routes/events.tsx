import { CalendarDaysIcon } from 'lucide-react';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';

export function EventsRoute() {
  return (
    <>
      <title>Our Events</title>
      <PageHeader
        title="Our Events"
        eyebrow="Walk with us"
        description="Guided hikes, sunrise prayer walks and fellowship picnics across the Napa Valley."
      />
      <Container className="py-10 md:py-14">
        <EmptyState
          icon={CalendarDaysIcon}
          title="The walking calendar is being prepared"
          actions={<Button onClick={openNewsletterDialog}>Get notified</Button>}
        >
          Subscribe to Jesus News and hear about new walks first.
        </EmptyState>
      </Container>
    </>
  );
}
