import type { AdminRegistration, RegistrationStatus } from '@jesus-walks/contracts/events';
import { ArmchairIcon, DownloadIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { useCancelEventRegistration } from '../api/cancel-event-registration';
import { useDownloadRegistrationsCsv } from '../api/download-registrations-csv';
import type { Event } from '../api/get-admin-events';
import { useEventRegistrations } from '../api/get-event-registrations';
import { usePromoteRegistration } from '../api/promote-registration';
import { giveSeatQuestion, seatBarText } from '../utils/event-stats';
import { formatValleyDate, formatValleyDateTime, formatValleyTime } from '../utils/valley-time';
import { ConfirmDialog } from './confirm-dialog';
import { ListStatus } from './list-status';
import { TestModeBadge } from './test-mode-badge';
import { WalkLeadersPanel } from './walk-leaders-panel';

const statusBadges: Record<RegistrationStatus, { label: string; variant: BadgeProps['variant'] }> = {
  confirmed: { label: 'Confirmed', variant: 'success' },
  pending_payment: { label: 'Pays on the day', variant: 'info' },
  waitlisted: { label: 'Waitlisted', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

/**
 * The registration's status, what its seat was paid at checkout, and 'Test mode' for a seat the
 * built-in sandbox paid (no real money, not in the walks' revenue).
 */
export function RegistrationStatusCell({ registration }: { registration: AdminRegistration }) {
  const badge = statusBadges[registration.status];
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={badge.variant}>{badge.label}</Badge>
      {registration.amountPaid ? (
        <span className="text-xs text-muted-foreground">Paid {formatPrice(registration.amountPaid)}</span>
      ) : null}
      {registration.testMode ? <TestModeBadge /> : null}
      <AttendanceNote registration={registration} />
    </span>
  );
}

/**
 * Who else comes with them (decision 041), under the registrant's name: '+2: Ben, Cara'. Their
 * seats (or places in line) are counted in the counts above the list.
 */
export function PartyNote({ registration }: { registration: AdminRegistration }) {
  if (registration.partySize <= 1) return null;
  const names = registration.party.join(', ');
  return (
    <span
      className="block text-xs font-normal break-words text-muted-foreground"
      data-party-size={registration.partySize}
    >
      <span className="sr-only">Party of {registration.partySize}: </span>+{registration.partySize - 1}
      {names ? `: ${names}` : ''}
    </span>
  );
}

/**
 * The waiver they accepted and who to call for them (decision 038): for the admins and the walk's
 * leaders only, under the registrant's name.
 */
export function BeforeTheWalkNote({ registration }: { registration: AdminRegistration }) {
  const { waiver, emergency } = registration;
  if (!waiver && !emergency) return null;
  return (
    <span className="grid gap-0.5 text-xs font-normal text-muted-foreground">
      {waiver ? (
        <span data-waiver-version={waiver.version}>
          Waiver v{waiver.version} signed{waiver.signedName ? ` as “${waiver.signedName}”` : ''},{' '}
          {formatValleyDateTime(waiver.signedAt)}
        </span>
      ) : null}
      {emergency ? (
        <span data-emergency-contact>
          Emergency: {emergency.contactName},{' '}
          <a
            className="underline-offset-4 hover:underline"
            href={`tel:${emergency.contactPhone.replace(/[^\d+]/g, '')}`}
          >
            {emergency.contactPhone}
          </a>
        </span>
      ) : null}
      {emergency?.leaderNote ? (
        <span className="whitespace-pre-line break-words text-foreground">
          Note for the leader: {emergency.leaderNote}
        </span>
      ) : null}
    </span>
  );
}

const attendanceLabels = { 'checked-in': 'Checked in', 'walk-in': 'Walk-in', 'no-show': 'No-show' } as const;

/** Whether they came (decision 040): checked in (by whom), a walk-in, or a no-show after the start. */
function AttendanceNote({ registration }: { registration: AdminRegistration }) {
  if (!registration.attendance) return null;
  return (
    <span className="text-xs text-muted-foreground" data-attendance={registration.attendance}>
      <Badge variant={registration.attendance === 'no-show' ? 'outline' : 'secondary'}>
        {attendanceLabels[registration.attendance]}
        {/* A party some of whom stayed home (decision 041). */}
        {registration.attendance !== 'no-show' && registration.checkedInPeople < registration.partySize
          ? ` (${registration.checkedInPeople} of ${registration.partySize})`
          : ''}
      </Badge>
      {registration.checkedInBy ? ` by ${registration.checkedInBy}` : ''}
    </span>
  );
}

/** A change an admin is asked to confirm: giving a seat, or cancelling a registration. */
type PendingChange = { kind: 'seat' | 'cancel'; registration: AdminRegistration } | null;

function RegistrationActions({
  event,
  registration,
  onAsk,
}: {
  event: Event;
  registration: AdminRegistration;
  onAsk: (change: NonNullable<PendingChange>) => void;
}) {
  if (registration.status === 'cancelled' || event.isPast || event.isCancelled) return null;
  return (
    <div className="flex gap-2">
      {registration.status === 'waitlisted' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAsk({ kind: 'seat', registration })}
          aria-label={`Give ${registration.name} ${seatsOf(registration)}`}
        >
          <ArmchairIcon aria-hidden="true" />
          Give a seat
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="destructive"
        onClick={() => onAsk({ kind: 'cancel', registration })}
        aria-label={`Cancel the registration of ${registration.name}`}
      >
        <XIcon aria-hidden="true" />
        Cancel
      </Button>
    </div>
  );
}

/** 'a seat', or a party's '3 seats': a party is seated whole (decision 041). */
function seatsOf(registration: Pick<AdminRegistration, 'partySize'>): string {
  return registration.partySize > 1 ? `${registration.partySize} seats` : 'a seat';
}

/** What cancelling a registration does, asked before it is done: a party's seats all go (decision 041). */
export function cancelQuestion(
  registration: Pick<AdminRegistration, 'name' | 'partySize' | 'amountPaid'>,
): string {
  const party = registration.partySize > 1;
  const seats = party
    ? `their party of ${registration.partySize}'s seats go to the waitlist`
    : 'their seat goes to the next person on the waitlist';
  const refund = registration.amountPaid
    ? ` The ${formatPrice(registration.amountPaid)} they paid online is refunded in full.`
    : '';
  return `Cancel ${registration.name}'s registration? They are told by e-mail, and ${seats}.${refund}`;
}

/**
 * Asks before giving a waitlisted person a seat, saying plainly what it does: at a full event it
 * adds a seat, and the capacity it goes to.
 */
function GiveSeatDialog({
  registration,
  event,
  pending,
  onConfirm,
  onClose,
}: {
  registration: AdminRegistration | null;
  event: Pick<Event, 'capacity' | 'seatsLeft'>;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={registration !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle className="break-words">
            Give {registration?.name} {registration ? seatsOf(registration) : 'a seat'}?
          </DialogTitle>
          <DialogDescription>
            {registration ? giveSeatQuestion(registration.name, event, registration.partySize) : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            <ArmchairIcon aria-hidden="true" />
            {pending ? 'Giving a seat...' : 'Give a Seat'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** An event's registrations and waitlist, with cancel, give a seat and the CSV export. */
export function EventRegistrationsDialog({ event, onClose }: { event: Event | null; onClose: () => void }) {
  const registrations = useEventRegistrations(event?.id ?? null);
  const csv = useDownloadRegistrationsCsv();
  const promote = usePromoteRegistration();
  const cancel = useCancelEventRegistration();
  const [change, setChange] = useState<PendingChange>(null);
  const list = registrations.data;
  // The registrations' own copy of the event is the freshest (it is asked again after each change).
  const seats = list?.event ?? event;
  const confirmChange = () => {
    if (!event || !change) return;
    const input = {
      eventId: event.id,
      registrationId: change.registration.id,
      name: change.registration.name,
    };
    const done = { onSettled: () => setChange(null) };
    if (change.kind === 'seat') promote.mutate(input, done);
    else cancel.mutate(input, done);
  };
  return (
    <Dialog open={event !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl min-w-0 overflow-y-auto lg:max-w-5xl">
        <DialogHeader className="min-w-0">
          <DialogTitle className="break-words">Registrations: {event?.title}</DialogTitle>
          <DialogDescription>
            {event ? `${formatValleyDateTime(event.date)} · ${seatBarText(event)}` : ''}
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
        {event ? <WalkLeadersPanel eventId={event.id} /> : null}
        <ListStatus
          loading={registrations.isPending}
          error={registrations.error}
          loadingText="Loading registrations..."
          errorPrefix="Error loading registrations"
        />
        {list && event ? (
          <>
            {/* Below 768 px each registration is a card, its status (and 'Test mode') and actions
                in view; from there on, the table. */}
            <ul aria-label="Registrations" className="grid min-w-0 gap-2 md:hidden">
              {list.registrations.map((registration) => (
                <li
                  key={registration.id}
                  data-registration-card={registration.id}
                  className="grid min-w-0 gap-2 rounded-lg border border-border bg-card p-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {registration.name}
                      {registration.isGuest ? <span className="text-muted-foreground"> (guest)</span> : null}
                    </p>
                    <PartyNote registration={registration} />
                    <p className="break-all text-muted-foreground">{registration.email ?? '—'}</p>
                    <BeforeTheWalkNote registration={registration} />
                  </div>
                  <RegistrationStatusCell registration={registration} />
                  <p className="text-xs text-muted-foreground">
                    {registration.waitlistPosition ? `Waitlist #${registration.waitlistPosition} · ` : ''}
                    Registered {formatValleyDateTime(registration.createdAt)}
                  </p>
                  <RegistrationActions event={event} registration={registration} onAsk={setChange} />
                </li>
              ))}
              {list.registrations.length === 0 ? (
                <li className="py-4 text-center text-sm text-muted-foreground">No registrations yet.</li>
              ) : null}
            </ul>
            <div className="hidden min-w-0 md:block">
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
                  {list.registrations.map((registration) => (
                    <TableRow key={registration.id} data-registration={registration.id}>
                      <TableCell className="font-medium">
                        {registration.name}
                        {registration.isGuest ? (
                          <span className="text-muted-foreground"> (guest)</span>
                        ) : null}
                        <PartyNote registration={registration} />
                        <BeforeTheWalkNote registration={registration} />
                      </TableCell>
                      <TableCell>{registration.email ?? '—'}</TableCell>
                      <TableCell>
                        <RegistrationStatusCell registration={registration} />
                      </TableCell>
                      <TableCell>{registration.waitlistPosition ?? '—'}</TableCell>
                      <TableCell>
                        <time dateTime={registration.createdAt} className="grid">
                          <span>{formatValleyDate(registration.createdAt)}</span>
                          <span className="text-xs text-muted-foreground">
                            {formatValleyTime(registration.createdAt)}
                          </span>
                        </time>
                      </TableCell>
                      <TableCell>
                        <RegistrationActions event={event} registration={registration} onAsk={setChange} />
                      </TableCell>
                    </TableRow>
                  ))}
                  {list.registrations.length === 0 ? (
                    <TableEmptyRow colSpan={6}>No registrations yet.</TableEmptyRow>
                  ) : null}
                </TableBody>
              </Table>
            </div>
          </>
        ) : null}
        {seats ? (
          <GiveSeatDialog
            registration={change?.kind === 'seat' ? change.registration : null}
            event={seats}
            pending={promote.isPending}
            onConfirm={confirmChange}
            onClose={() => setChange(null)}
          />
        ) : null}
        <ConfirmDialog
          open={change?.kind === 'cancel'}
          title="Cancel registration?"
          message={change ? cancelQuestion(change.registration) : ''}
          confirmLabel="Cancel Registration"
          pending={cancel.isPending}
          onConfirm={confirmChange}
          onOpenChange={(next) => (next ? undefined : setChange(null))}
        />
      </DialogContent>
    </Dialog>
  );
}
