import type { AdminRegistration, RegistrationStatus } from '@jesus-walks/contracts/events';
import { ArmchairIcon, DownloadIcon, XIcon } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCancelEventRegistration } from '../api/cancel-event-registration';
import { useDownloadRegistrationsCsv } from '../api/download-registrations-csv';
import type { Event } from '../api/get-admin-events';
import { useEventRegistrations } from '../api/get-event-registrations';
import { usePromoteRegistration } from '../api/promote-registration';
import { formatValleyDateTime } from '../utils/valley-time';
import { ListStatus } from './list-status';

const statusBadges: Record<RegistrationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  confirmed: { label: 'Confirmed', variant: 'success' },
  pending_payment: { label: 'Pays on the day', variant: 'info' },
  waitlisted: { label: 'Waitlisted', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

function RegistrationActions({ event, registration }: { event: Event; registration: AdminRegistration }) {
  const cancel = useCancelEventRegistration();
  const promote = usePromoteRegistration();
  if (registration.status === 'cancelled' || event.isPast || event.isCancelled) return null;
  const ids = { eventId: event.id, registrationId: registration.id };
  return (
    <div className="flex gap-2">
      {registration.status === 'waitlisted' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={promote.isPending}
          onClick={() => promote.mutate(ids)}
          aria-label={`Give ${registration.name} a seat`}
        >
          <ArmchairIcon aria-hidden="true" />
          Give a seat
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="destructive"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(ids)}
        aria-label={`Cancel the registration of ${registration.name}`}
      >
        <XIcon aria-hidden="true" />
        Cancel
      </Button>
    </div>
  );
}

/** An event's registrations and waitlist, with cancel, give a seat and the CSV export. */
export function EventRegistrationsDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const registrations = useEventRegistrations(event?.id ?? null);
  const csv = useDownloadRegistrationsCsv();
  const list = registrations.data;
  return (
    <Dialog open={event !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl min-w-0 overflow-y-auto">
        <DialogHeader className="min-w-0">
          <DialogTitle className="break-words">Registrations: {event?.title}</DialogTitle>
          <DialogDescription>
            {event
              ? `${formatValleyDateTime(event.date)} · ${event.seatsTaken} of ${event.capacity} seats taken`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {list ? (
            <p className="text-sm text-muted-foreground" data-registration-counts>
              {list.counts.confirmed} confirmed · {list.counts.pendingPayment} paying on the day ·{' '}
              {list.counts.waitlisted} waitlisted · {list.counts.cancelled} cancelled
            </p>
          ) : (
            <span />
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={!event || csv.isPending}
            onClick={() => (event ? csv.mutate(event.id) : undefined)}
          >
            <DownloadIcon aria-hidden="true" />
            {csv.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        <ListStatus
          loading={registrations.isPending}
          error={registrations.error}
          loadingText="Loading registrations..."
          errorPrefix="Error loading registrations"
        />
        {list && event ? (
          <Table label="Registrations">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Waitlist #</TableHead>
                <TableHead>Registered</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.registrations.map((registration) => {
                const badge = statusBadges[registration.status];
                return (
                  <TableRow key={registration.id} data-registration={registration.id}>
                    <TableCell className="font-medium">
                      {registration.name}
                      {registration.isGuest ? <span className="text-muted-foreground"> (guest)</span> : null}
                    </TableCell>
                    <TableCell>{registration.email ?? '—'}</TableCell>
                    <TableCell>
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </TableCell>
                    <TableCell>{registration.waitlistPosition ?? '—'}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatValleyDateTime(registration.createdAt)}
                    </TableCell>
                    <TableCell>
                      <RegistrationActions event={event} registration={registration} />
                    </TableCell>
                  </TableRow>
                );
              })}
              {list.registrations.length === 0 ? (
                <TableEmptyRow colSpan={6}>No registrations yet.</TableEmptyRow>
              ) : null}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
