import { zodResolver } from '@hookform/resolvers/zod';
import type {
  CheckoutConfig,
  EventPaymentIntentResponse,
  PaidRegistration,
} from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { CalendarX2Icon, CheckCircle2Icon, UsersIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { BeforeTheWalkFields } from '@/components/walk-forms/before-the-walk-fields';
import { PartyFields } from '@/components/walk-forms/party-fields';
import { getServerMessage } from '@/lib/api-client';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';
import { type CurrentUser, useCurrentUser } from '@/lib/current-user';
import { type Event, useEvents } from '@/lib/events/get-events';
import { useWaiver } from '@/lib/events/get-waiver';
import {
  PARTY_HINT,
  type PartyFormValues,
  partyBody,
  partyCheckoutNote,
  partyOf,
  partyPriceText,
  partyRowsOf,
  whoComesText,
} from '@/lib/events/party';
import { partyFormField } from '@/lib/events/party-schema';
import {
  asksBeforeTheWalk,
  blankWalkForms,
  type WalkFormsValues,
  walkFormsBody,
} from '@/lib/events/walk-forms';
import { checkSignature, walkFormFields } from '@/lib/events/walk-forms-schema';
import { formatPrice } from '@/lib/format';
import { useCompleteRegistration } from '../api/complete-registration';
import { createEventPaymentIntent } from '../api/create-event-payment-intent';
import { type IntentCall, usePaymentIntent } from '../hooks/use-payment-intent';
import type { CheckoutContactForm } from '../utils/contact-schema';
import { replacesFields } from '../utils/payment-intent';
import { PaymentStep } from './payment-step';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

const PayerSchema = z.object({
  fullName: z.string().trim().min(1, 'Please enter your name').max(100, 'Name cannot exceed 100 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
});
/**
 * The payer's form: name and e-mail, what the walk asks before it (decision 038), and the others
 * the payer brings (decision 041).
 */
type PayerFormValues = z.infer<typeof PayerSchema> & WalkFormsValues & PartyFormValues;
/** The payer the seats are held for, with the walk's forms and the party as the intent sends them. */
type Payer = z.infer<typeof PayerSchema> & {
  forms: ReturnType<typeof walkFormsBody>;
  /** The others coming, by name: a seat each, paid in this checkout. */
  party: string[];
  /** As typed, to fill the form again when the payer goes back to it. */
  typed?: PayerFormValues;
};

/** /checkout?event={id}: a paid event's seat, straight to the payment step (no shipping step). */
export function EventCheckout({ eventId }: { eventId: number }) {
  const event = useEvents((events) => events.find((candidate) => candidate.id === eventId) ?? null);
  const currentUser = useCurrentUser();
  const config = useCheckoutConfig();
  if (event.isPending || currentUser.isPending || config.isPending)
    return <Skeleton className="h-96 w-full" />;
  const found = event.data;
  if (!found || found.price <= 0 || found.isPast || found.isCancelled || !config.data) {
    return (
      <EmptyState
        icon={CalendarX2Icon}
        title="This event cannot be paid for here"
        actions={
          <Button asChild size="lg">
            <Link to={found ? `/events/${found.id}` : '/events'}>Back to events</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <EventPaymentFlow event={found} member={currentUser.data ?? null} config={config.data} />
    </div>
  );
}

interface EventPaymentFlowProps {
  event: Event;
  member: CurrentUser | null;
  config: CheckoutConfig;
}

/** A walk's seat, as its intent is asked for: the payer the seat is held for, and the method. */
interface SeatRequest {
  payer: Payer;
  paymentMethod: PaymentMethod;
}

/** The paid walk's intent call: a seat on the event for the payer and each of their party. */
function seatIntentCall(eventId: number): IntentCall<SeatRequest, EventPaymentIntentResponse> {
  return {
    keyOf: ({ payer, paymentMethod }) =>
      JSON.stringify([payer.fullName, payer.email, paymentMethod, payer.forms, payer.party]),
    create: ({ payer, paymentMethod }, replaces, idempotencyKey) =>
      createEventPaymentIntent({
        body: {
          eventId,
          fullName: payer.fullName,
          email: payer.email,
          paymentMethod,
          ...payer.forms,
          ...partyBody(payer.party),
          ...replacesFields(replaces),
        },
        idempotencyKey,
      }),
    failure: (error) => ({ kind: 'error', message: getServerMessage(error) ?? SOMETHING_WENT_WRONG }),
  };
}

/**
 * The seat's payer (a member's name and e-mail, or a guest's given first: the seat is held in that
 * name) and the others they bring (a seat each, decision 041), then the checkout's payment step
 * with every method, then the registration confirmed. The seats are held for a few minutes from
 * the intent (given back when the payer leaves unpaid); another method hands the hold over to a
 * new intent.
 */
function EventPaymentFlow({ event, member, config }: EventPaymentFlowProps) {
  // A walk that asks something before it (the waiver, an emergency contact) asks the member too.
  const asks = asksBeforeTheWalk(event);
  const [payer, setPayer] = useState<Payer | null>(
    member?.email && !asks ? { fullName: member.username, email: member.email, forms: {}, party: [] } : null,
  );
  const [confirmed, setConfirmed] = useState<{
    registration: PaidRegistration;
    email: string;
    seats: number;
  } | null>(null);
  const lastTyped = useRef<PayerFormValues | null>(null);
  // The people named while the details are typed: the line above says their seats at once.
  const [typedSeats, setTypedSeats] = useState(1);
  const completeRegistration = useCompleteRegistration();
  // A member's seat: the intent at once (a guest's once the name and e-mail are given).
  const payment = usePaymentIntent({
    config,
    intentCall: seatIntentCall(event.id),
    finalise: complete,
    requestFor: (paymentMethod) => (payer ? { payer, paymentMethod } : null),
    follow: true,
  });

  async function complete(
    intent: EventPaymentIntentResponse,
    contact: CheckoutContactForm,
  ): Promise<string | null> {
    const email = contact.email || payer?.email || '';
    try {
      const registration = await completeRegistration.mutateAsync({
        body: {
          paymentId: intent.paymentId,
          ...(email ? { customerEmail: email } : {}),
          ...(contact.phone ? { phoneNumber: contact.phone } : {}),
        },
        idempotencyKey: `complete:${intent.paymentId}`,
      });
      setConfirmed({ registration, email, seats: intent.items[0]?.quantity ?? 1 });
      window.scrollTo({ top: 0, left: 0 });
      return null;
    } catch (error) {
      return getServerMessage(error) ?? SOMETHING_WENT_WRONG;
    }
  }

  if (confirmed) {
    return (
      <Card>
        <CardContent className="grid gap-4 py-8 text-center">
          <CheckCircle2Icon aria-hidden="true" className="mx-auto size-12 text-primary" />
          <h2 className="text-2xl font-semibold">Registration confirmed</h2>
          <p>
            You paid {formatPrice(confirmed.registration.total)} and your{' '}
            {confirmed.seats > 1 ? `${confirmed.seats} seats` : 'seat'} on <strong>{event.title}</strong>{' '}
            {confirmed.seats > 1 ? 'are' : 'is'} confirmed.
            {confirmed.email ? ` Your receipt is on its way to ${confirmed.email}.` : null}
          </p>
          <Button asChild variant="outline" className="mx-auto">
            <Link to={`/events/${event.id}`}>Back to the event</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  // What is paid for: the server's quote once there is one, else a preview from the party given.
  const quoted = payment.state.status === 'ready' ? payment.state.intent.items[0] : undefined;
  const seats = quoted?.quantity ?? (payer ? 1 + payer.party.length : typedSeats);
  /** Back to the details (the party among them), as typed, or as the member's one-click start. */
  const changeDetails = (withParty: boolean) => {
    if (payer && !lastTyped.current) {
      lastTyped.current = {
        fullName: payer.fullName,
        email: payer.email,
        ...blankWalkForms,
        party: payer.party.length > 0 || !withParty ? partyRowsOf(payer.party) : [{ name: '' }],
      };
    }
    setPayer(null);
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Pay for your {seats > 1 ? 'seats' : 'seat'}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-1 rounded-lg border border-border p-4" data-testid="checkout-line">
            <div className="flex items-baseline justify-between gap-4">
              <span className="min-w-0 font-medium break-words">{event.title}</span>
              <span className="font-semibold tabular-nums">
                {formatPrice(quoted ? quoted.lineTotal : event.price * seats)}
              </span>
            </div>
            {seats > 1 ? (
              <span className="text-sm text-muted-foreground tabular-nums">
                {seats} × {formatPrice(quoted ? quoted.unitPrice : event.price)}
                {payer ? ` · ${whoComesText(payer.party)}` : ''}
              </span>
            ) : null}
          </div>
          {payer ? (
            asks || payer.party.length > 0 ? (
              <Button variant="outline" className="justify-self-start" onClick={() => changeDetails(false)}>
                Change your details
              </Button>
            ) : (
              <Button variant="outline" className="justify-self-start" onClick={() => changeDetails(true)}>
                <UsersIcon aria-hidden="true" />
                Bringing others? Add them by name
              </Button>
            )
          ) : (
            <PayerForm
              event={event}
              onPeople={setTypedSeats}
              initial={
                lastTyped.current ?? {
                  fullName: '',
                  email: member?.email ?? '',
                  ...blankWalkForms,
                  party: [],
                }
              }
              onContinue={(given) => {
                lastTyped.current = given.typed ?? null;
                setPayer(given);
                payment.ask((paymentMethod) => ({ payer: given, paymentMethod }));
              }}
            />
          )}
          <p className="text-sm text-muted-foreground">
            {seats > 1 ? 'Your seats are' : 'Your seat is'} held for you for a few minutes while you pay. No
            shipping: you just turn up on the day.
          </p>
        </CardContent>
      </Card>
      {payer ? (
        <PaymentStep
          payment={payment}
          payLabel={(total) => `Pay ${total} and register`}
          defaultContact={payer}
          totals={(intent) => (
            <dl className="grid gap-3 text-sm" aria-label="Order total">
              {(intent.items[0]?.quantity ?? 1) > 1 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Seats</dt>
                  <dd className="tabular-nums" data-testid="checkout-seats">
                    {intent.items[0]?.quantity} × {formatPrice(intent.items[0]?.unitPrice ?? 0)}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="checkout-total">
                  {formatPrice(intent.total)}
                </dd>
              </div>
            </dl>
          )}
        />
      ) : null}
    </>
  );
}

/**
 * The payer's name and e-mail (the seat is held in that name and the receipt goes there), and what
 * the walk asks before it: the waiver accepted by typing that name, the emergency contact.
 */
function PayerForm({
  event,
  initial,
  onContinue,
  onPeople,
}: {
  event: Event;
  initial: PayerFormValues;
  onContinue: (payer: Payer) => void;
  /** How many people the form names now (the payer and the others), as it is typed. */
  onPeople: (people: number) => void;
}) {
  const waiver = useWaiver(event.waiverRequired);
  const form = useForm<PayerFormValues>({
    resolver: zodResolver(
      PayerSchema.extend({ ...walkFormFields(event), party: partyFormField }).superRefine((payer, ctx) =>
        checkSignature(event, payer, ctx),
      ),
    ),
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const others = useWatch({ control: form.control, name: 'party' })?.length ?? 0;
  useEffect(() => onPeople(1 + others), [onPeople, others]);
  return (
    <form
      noValidate
      aria-label="Your details"
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        onContinue({
          fullName: values.fullName,
          email: values.email,
          forms: walkFormsBody(event, waiver.data?.id, values),
          party: partyOf(values.party),
          typed: values,
        }),
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="event-payer-name"
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <FormField
          id="event-payer-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <BeforeTheWalkFields
        walk={event}
        waiver={waiver}
        idPrefix="payer"
        register={form.register}
        errors={errors}
      />
      <PartyFields
        control={form.control}
        errors={errors.party}
        idPrefix="payer"
        hint={`${PARTY_HINT} Theirs are paid now with yours.`}
        summary={(people) => <CheckoutPartySummary event={event} people={people} />}
      />
      <Button type="submit" size="lg">
        Continue to payment
      </Button>
    </form>
  );
}

/**
 * What the party pays before the quote (a preview: the server's quote is what is paid), and
 * whether the seats left are enough for it: a party's seats are held together or not at all.
 */
function CheckoutPartySummary({ event, people }: { event: Event; people: number }) {
  const note = partyCheckoutNote(people, event);
  if (people <= 1 && !note) return null;
  return (
    <div className="grid gap-2 text-sm" aria-live="polite">
      {people > 1 ? (
        <p>
          For your party:{' '}
          <span className="font-semibold tabular-nums">{partyPriceText(people, event.price)}</span>
        </p>
      ) : null}
      {note ? <p className="rounded-md bg-amber-100 px-3 py-2 text-amber-950">{note}</p> : null}
    </div>
  );
}
