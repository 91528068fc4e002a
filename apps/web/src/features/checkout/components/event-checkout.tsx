import { zodResolver } from '@hookform/resolvers/zod';
import type {
  CheckoutConfig,
  EventPaymentIntentResponse,
  PaidRegistration,
} from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { CalendarX2Icon, CheckCircle2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { BeforeTheWalkFields } from '@/components/walk-forms/before-the-walk-fields';
import { getServerMessage } from '@/lib/api-client';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';
import { type CurrentUser, useCurrentUser } from '@/lib/current-user';
import { type Event, useEvents } from '@/lib/events/get-events';
import { useWaiver } from '@/lib/events/get-waiver';
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
/** The payer's form: name and e-mail, and what the walk asks before it (decision 038). */
type PayerFormValues = z.infer<typeof PayerSchema> & WalkFormsValues;
/** The payer the seat is held for, with the walk's forms as the intent sends them. */
type Payer = z.infer<typeof PayerSchema> & {
  forms: ReturnType<typeof walkFormsBody>;
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

/** The paid walk's intent call: a seat on the event for the payer. */
function seatIntentCall(eventId: number): IntentCall<SeatRequest, EventPaymentIntentResponse> {
  return {
    keyOf: ({ payer, paymentMethod }) =>
      JSON.stringify([payer.fullName, payer.email, paymentMethod, payer.forms]),
    create: ({ payer, paymentMethod }, replaces, idempotencyKey) =>
      createEventPaymentIntent({
        body: {
          eventId,
          fullName: payer.fullName,
          email: payer.email,
          paymentMethod,
          ...payer.forms,
          ...replacesFields(replaces),
        },
        idempotencyKey,
      }),
    failure: (error) => ({ kind: 'error', message: getServerMessage(error) ?? SOMETHING_WENT_WRONG }),
  };
}

/**
 * The seat's payer (a member's name and e-mail, or a guest's given first: the seat is held in that
 * name), then the checkout's payment step with every method, then the registration confirmed. The
 * seat is held for a few minutes from the intent (given back when the payer leaves unpaid); another
 * method hands the hold over to a new intent.
 */
function EventPaymentFlow({ event, member, config }: EventPaymentFlowProps) {
  // A walk that asks something before it (the waiver, an emergency contact) asks the member too.
  const asks = asksBeforeTheWalk(event);
  const [payer, setPayer] = useState<Payer | null>(
    member?.email && !asks ? { fullName: member.username, email: member.email, forms: {} } : null,
  );
  const [confirmed, setConfirmed] = useState<{ registration: PaidRegistration; email: string } | null>(null);
  const lastTyped = useRef<PayerFormValues | null>(null);
  const completeRegistration = useCompleteRegistration();
  const price = formatPrice(event.price);
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
      setConfirmed({ registration, email });
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
            You paid {formatPrice(confirmed.registration.total)} and your seat on{' '}
            <strong>{event.title}</strong> is confirmed.
            {confirmed.email ? ` Your receipt is on its way to ${confirmed.email}.` : null}
          </p>
          <Button asChild variant="outline" className="mx-auto">
            <Link to={`/events/${event.id}`}>Back to the event</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Pay for your seat</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex items-baseline justify-between gap-4 rounded-lg border border-border p-4">
            <span className="font-medium">{event.title}</span>
            <span className="font-semibold">{price}</span>
          </div>
          {payer ? (
            asks ? (
              <Button variant="outline" className="justify-self-start" onClick={() => setPayer(null)}>
                Change your details
              </Button>
            ) : null
          ) : (
            <PayerForm
              event={event}
              initial={lastTyped.current ?? { fullName: '', email: member?.email ?? '', ...blankWalkForms }}
              onContinue={(given) => {
                lastTyped.current = given.typed ?? null;
                setPayer(given);
                payment.ask((paymentMethod) => ({ payer: given, paymentMethod }));
              }}
            />
          )}
          <p className="text-sm text-muted-foreground">
            Your seat is held for you for a few minutes while you pay. No shipping: you just turn up on the
            day.
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
}: {
  event: Event;
  initial: PayerFormValues;
  onContinue: (payer: Payer) => void;
}) {
  const waiver = useWaiver(event.waiverRequired);
  const form = useForm<PayerFormValues>({
    resolver: zodResolver(
      PayerSchema.extend(walkFormFields(event)).superRefine((payer, ctx) =>
        checkSignature(event, payer, ctx),
      ),
    ),
    defaultValues: initial,
  });
  const errors = form.formState.errors;
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
      <Button type="submit" size="lg">
        Continue to payment
      </Button>
    </form>
  );
}
