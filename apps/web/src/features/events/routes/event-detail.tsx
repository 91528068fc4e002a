import { ArrowLeftIcon, MapPinIcon } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function EventDetailRoute() {
  const { id } = useParams();

  return (
    <>
      <title>Event Details</title>
      <PageHeader
        title="Event Details"
        eyebrow={id ? `Event #${id}` : 'Event'}
        actions={
          <Button asChild variant="outline">
            <Link to="/events">
              <ArrowLeftIcon aria-hidden="true" />
              All events
            </Link>
          </Button>
        }
      />
      <Container className="py-10 md:py-14">
        <EmptyState icon={MapPinIcon} title="Registration opens soon">
          The route, meeting point and sign-up for this walk will be shown here.
        </EmptyState>
      </Container>
    </>
  );
}
