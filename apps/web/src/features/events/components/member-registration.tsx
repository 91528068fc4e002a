import { UsersIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { AttemptKeys } from '@/lib/attempt-keys';
import { useCancelRegistration } from '@/lib/events/cancel-registration';
import type { Event } from '@/lib/events/get-events';
import { useMyRegistrations } from '@/lib/events/get-my-registrations';
import { whoComesText } from '@/lib/events/party';
import { cancelConsequence, statusLabel } from '@/lib/events/registration-status';
import { asksBeforeTheWalk } from '@/lib/events/walk-forms';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRegisterForEvent } from '../api/register-for-event';
import { type Outcome, registrationFailure, registrationOutcome } from '../utils/registration-outcome';
import type { MemberWalkFormsDetails } from './member-walk-forms';
import { OutcomeAlert } from './outcome-alert';

/** The form of a walk that asks something before it comes with its own chunk (react-hook-form, Zod). */
const MemberWalkForms = lazy(() =>
  import('./member-walk-forms').then((module) => ({ default: module.MemberWalkForms })),
);

/**
 * A logged-in member: register with one click (or, for a walk that asks for the waiver or an
 * emergency contact, or to bring others, with that form), see their registration, cancel it.
 */
export function MemberRegistration({
  event,
  username,
  actionLabel,
  askParty = false,
}: {
  event: Event;
  username: string;
  actionLabel: string;
  /** Open with the party's names asked (a party waiting together for a paid walk's seats). */
  askParty?: boolean;
}) {
  const mine = useMyRegistrations(true);
  const registration = useRegisterForEvent();
  const cancellation = useCancelRegistration();
  const attempts = useRef(new AttemptKeys(newIdempotencyKey));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** They chose to bring others: the form with the party's names, instead of the one click. */
  const [withParty, setWithParty] = useState(askParty);

  if (mine.isPending) return <Skeleton className="h-24 w-full" />;

  const current = mine.data?.find((entry) => entry.eventId === event.id && entry.status !== 'cancelled');

  function handleRegister() {
    if (registration.isPending) return;
    const idempotencyKey = attempts.current.keyFor(`member:${event.id}`);
    registration.mutate(
      { eventId: event.id, idempotencyKey },
      {
        onSuccess: (result) => {
          attempts.current.settle();
          setOutcome(registrationOutcome(result, event.price));
        },
        onError: (error) => {
          attempts.current.settle(error);
          setOutcome(registrationFailure(error));
        },
      },
    );
  }

  /** With the walk's forms: the outcome shown here, a refusal rethrown for the form's fields. */
  async function handleRegisterWithForms(details: MemberWalkFormsDetails) {
    const idempotencyKey = attempts.current.keyFor(`member:${event.id}:${JSON.stringify(details)}`);
    try {
      const result = await registration.mutateAsync({ eventId: event.id, idempotencyKey, ...details });
      attempts.current.settle();
      setOutcome(registrationOutcome(result, event.price));
    } catch (error) {
      attempts.current.settle(error);
      setOutcome(registrationFailure(error));
      throw error;
    }
  }

  function handleCancel(registrationId: number) {
    cancellation.mutate(
      { eventId: event.id, registrationId },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setOutcome({
            tone: 'info',
            title: 'Registration cancelled',
            description: `${result.message} Thank you for letting us know.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          setOutcome({
            tone: 'error',
            title: 'Cancellation failed',
            description:
              getServerMessage(error) ?? 'Your registration could not be cancelled. Please try again.',
          });
        },
      },
    );
  }

  if (current) {
    return (
      <div className="grid gap-4">
        {outcome ? <OutcomeAlert outcome={outcome} /> : null}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Your registration:</span>
          <Badge variant={current.status === 'waitlisted' ? 'warning' : 'success'}>
            {statusLabel(current)}
          </Badge>
        </div>
        {current.partySize > 1 || current.payment === null ? (
          <p
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
            data-party-size={current.partySize}
          >
            <UsersIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span>{whoComesText(current.party)}</span>
            <Link
              to="/account?tab=walks"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {current.partySize > 1
                ? 'Edit your party in My walks'
                : 'Bringing others? Add them in My walks'}
            </Link>
          </p>
        ) : null}
        {confirming ? (
          <div className="grid gap-3 rounded-lg border border-border bg-muted p-4">
            <p className="text-sm">Cancel your registration? {cancelConsequence(current)}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                onClick={() => handleCancel(current.id)}
                disabled={cancellation.isPending}
              >
                {cancellation.isPending ? 'Cancelling...' : 'Yes, cancel'}
              </Button>
              <Button
                variant="outline"
                onClick={() => setConfirming(false)}
                disabled={cancellation.isPending}
              >
                Keep my registration
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel my registration
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {outcome ? <OutcomeAlert outcome={outcome} /> : null}
      <p className="text-sm text-muted-foreground">
        You are logged in as <span className="font-semibold text-foreground">{username}</span>
        {asksBeforeTheWalk(event)
          ? '. This walk asks a few things before you come:'
          : withParty
            ? '. Who is coming with you?'
            : ": one click and you're in."}
      </p>
      {asksBeforeTheWalk(event) || withParty ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <MemberWalkForms
            event={event}
            actionLabel={actionLabel}
            pending={registration.isPending}
            withParty={withParty}
            onRegister={handleRegisterWithForms}
          />
        </Suspense>
      ) : (
        <div className="grid gap-2">
          <Button size="lg" className="w-full" onClick={handleRegister} disabled={registration.isPending}>
            {registration.isPending ? 'Registering...' : actionLabel}
          </Button>
          <Button
            variant="link"
            className="justify-self-start px-0"
            onClick={() => setWithParty(true)}
            disabled={registration.isPending}
          >
            <UsersIcon aria-hidden="true" />
            Bringing others? Add them by name
          </Button>
        </div>
      )}
    </div>
  );
}
