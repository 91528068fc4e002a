import { BanIcon, ListIcon, PencilIcon, PlusIcon, RepeatIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCancelEvent, useCancelEvents } from '../api/cancel-event';
import { type Event, useAdminEvents } from '../api/get-admin-events';
import {
  cancelWalkMessage,
  eventCounts,
  eventState,
  formatWholeDollars,
  seriesCancelDetails,
} from '../utils/event-stats';
import { formatValleyDateTime } from '../utils/valley-time';
import { ConfirmDialog } from './confirm-dialog';
import { EventFormDialog, type EventFormTarget } from './event-form-dialog';
import { EventRegistrationsDialog } from './event-registrations-dialog';
import { ListStatus } from './list-status';
import { SeatsChart } from './seats-chart';
import { SectionHeader } from './section-header';
import { SeriesDialog } from './series-dialog';
import { WaiverSection } from './waiver-section';

const stateBadge = {
  upcoming: { label: 'Upcoming', variant: 'success' },
  past: { label: 'Past', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
} as const;

export function EventsTab() {
  const events = useAdminEvents({ enabled: true });
  const [form, setForm] = useState<EventFormTarget>(null);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Event | null>(null);
  // The walk a series is being made from (decision 039).
  const [seriesTemplate, setSeriesTemplate] = useState<Event | null>(null);
  const removal = useCancelEvent();
  const seriesRemoval = useCancelEvents();
  const list = events.data ?? [];
  // The dialog follows the list, so its counts stay current after a change.
  const viewing = list.find((event) => event.id === viewingId) ?? null;
  const counts = eventCounts(list);

  const confirmCancel = () => {
    if (!cancelling) return;
    removal.mutate(cancelling.id, { onSettled: () => setCancelling(null) });
  };
  // A walk of a series with others still to come may be cancelled with them (decision 039).
  const seriesWalks =
    cancelling?.seriesId != null
      ? list.filter((event) => event.seriesId === cancelling.seriesId && eventState(event) === 'upcoming')
      : [];
  const confirmCancelSeries = () => {
    seriesRemoval.mutate(
      seriesWalks.map((event) => event.id),
      { onSettled: () => setCancelling(null) },
    );
  };

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="events-heading">
      <SectionHeader id="events-heading" title="Events Management">
        <Button onClick={() => setForm({ kind: 'create' })}>
          <PlusIcon aria-hidden="true" />
          Create Event
        </Button>
      </SectionHeader>
      <ListStatus
        loading={events.isPending}
        error={events.error}
        loadingText="Loading events..."
        errorPrefix="Error loading events"
      />
      {events.data ? (
        <>
          <SeatsChart events={list} />
          <p className="text-sm text-muted-foreground" data-event-counts>
            {counts.upcoming} upcoming · {counts.past} past · {counts.cancelled} cancelled
          </p>
          <Table label="Events">
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Date (Pacific)</TableHead>
                <TableHead>Seats</TableHead>
                <TableHead>Waitlist</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((event) => {
                const state = eventState(event);
                return (
                  <TableRow key={event.id} data-event={event.id}>
                    <TableCell className="min-w-44 font-medium whitespace-normal">
                      {event.title}
                      {event.seriesId !== null ? (
                        <Badge variant="secondary" className="ml-2 align-middle">
                          <RepeatIcon aria-hidden="true" className="size-3" />
                          Series
                        </Badge>
                      ) : null}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatValleyDateTime(event.date)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {event.seatsTaken} / {event.capacity}
                    </TableCell>
                    <TableCell>{event.waitlistCount}</TableCell>
                    <TableCell>{formatWholeDollars(event.price)}</TableCell>
                    <TableCell>
                      <Badge variant={stateBadge[state].variant}>{stateBadge[state].label}</Badge>
                    </TableCell>
                    <TableCell>
                      {/* Wrapped in two rows rather than widen the table past the page at 1280 px. */}
                      <div className="flex w-68 flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setForm({ kind: 'edit', event })}
                          aria-label={`Edit ${event.title}`}
                        >
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setViewingId(event.id)}
                          aria-label={`Registrations of ${event.title}`}
                        >
                          <ListIcon aria-hidden="true" />
                          Registrations
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setSeriesTemplate(event)}
                          aria-label={`Make a series from ${event.title}`}
                        >
                          <RepeatIcon aria-hidden="true" />
                          Make a series
                        </Button>
                        {state === 'cancelled' ? null : (
                          <Button
                            size="sm"
                            variant="destructive"
                            onClick={() => setCancelling(event)}
                            aria-label={`Cancel ${event.title}`}
                          >
                            <BanIcon aria-hidden="true" />
                            Cancel
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
              {list.length === 0 ? <TableEmptyRow colSpan={7}>No events yet.</TableEmptyRow> : null}
            </TableBody>
          </Table>
        </>
      ) : null}
      <WaiverSection />
      <EventFormDialog target={form} onClose={() => setForm(null)} />
      <EventRegistrationsDialog event={viewing} onClose={() => setViewingId(null)} />
      <SeriesDialog template={seriesTemplate} onClose={() => setSeriesTemplate(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel event?"
        message={cancelling ? cancelWalkMessage(cancelling) : ''}
        confirmLabel={seriesWalks.length > 1 ? 'Cancel this walk' : 'Cancel Event'}
        pending={removal.isPending || seriesRemoval.isPending}
        onConfirm={confirmCancel}
        onOpenChange={(next) => (next ? undefined : setCancelling(null))}
        {...(seriesWalks.length > 1
          ? {
              dismissLabel: 'Keep them',
              details: <p className="text-sm">{seriesCancelDetails(seriesWalks)}</p>,
              alternative: { label: `Cancel all ${seriesWalks.length}`, onClick: confirmCancelSeries },
            }
          : {})}
      />
    </section>
  );
}
