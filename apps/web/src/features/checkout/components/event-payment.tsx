import { zodResolver } from '@hookform/resolvers/zod';
import type { EventPaymentIntentResponse, PaidRegistration } from '@jesus-walks/contracts/checkout';
import { CheckCircle2Icon, LoaderCircleIcon, LockIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { getServerMessage } from '@/lib/api-client';
import type { CurrentUser } from '@/lib/current-user';
import type { Event } from '@/lib/events/get-events';
import { formatPrice } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCompleteRegistration } from '../api/complete-registration';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { useCreateEventPaymentIntent } from '../api/create-event-payment-intent';
import { emptySandboxCard, type SandboxCard, SandboxCardSchema } from '../utils/sandbox-card';
import { SandboxCardFields } from './sandbox-card-fields';

const PayerSchema = z.object({
  fullName: z.string().trim().min(1, 'Please enter your name').max(100, 'Name cannot exceed 100 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
});
type Payer = z.infer<typeof PayerSchema>;

interface EventPaymentProps {
  event: Event;
  member: CurrentUser | null;
  /** The processor behind the card tile: only the built-in sandbox's card form is offered here yet. */
  sandbox: boolean;
}

/**
 * The checkout's payment step for a paid event's seat: no shipping, the payer's name and e-mail
 * (a member's filled in), the card, then the registration confirmed. The seat is held for 30
 * minutes from the first attempt; a second attempt (another card) reuses the same intent.
 */
export function EventPayment({ event, member, sandbox }: EventPaymentProps) {
  const payerForm = useForm<Payer>({
    resolver: zodResolver(PayerSchema),
    defaultValues: { fullName: member?.username ?? '', email: member?.email ?? '' },
  });
  const cardForm = useForm<SandboxCard>({
    resolver: zodResolver(SandboxCardSchema),
    defaultValues: emptySandboxCard,
  });
  const createIntent = useCreateEventPaymentIntent();
  const confirmCard = useConfirmSandboxPayment();
  const complete = useCompleteRegistration();
  const intent = useRef<EventPaymentIntentResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<PaidRegistration | null>(null);
  const busy = createIntent.isPending || confirmCard.isPending || complete.isPending;
  const price = formatPrice(event.price);

  async function pay() {
    setError(null);
    const payerOk = await payerForm.trigger();
    const cardOk = await cardForm.trigger();
    if (!payerOk || !cardOk) return;
    const payer = payerForm.getValues();
    try {
      if (!intent.current) {
        intent.current = await createIntent.mutateAsync({
          body: { eventId: event.id, fullName: payer.fullName, email: payer.email, paymentMethod: 'stripe' },
          idempotencyKey: newIdempotencyKey(),
        });
      }
      const current = intent.current;
      const card = cardForm.getValues();
      await confirmCard.mutateAsync({ clientSecret: current.clientSecret, ...card });
      setPaid(
        await complete.mutateAsync({
          body: { paymentId: current.paymentId, customerEmail: payer.email },
          idempotencyKey: `complete:${current.paymentId}`,
        }),
      );
    } catch (caught) {
      setError(getServerMessage(caught) ?? 'Something went wrong. Please try again.');
    }
  }

  if (paid) {
    return (
      <Card>
        <CardContent className="grid gap-4 py-8 text-center">
          <CheckCircle2Icon aria-hidden="true" className="mx-auto size-12 text-primary" />
          <h2 className="text-2xl font-semibold">Registration confirmed</h2>
          <p>
            You paid {formatPrice(paid.total)} and your seat on <strong>{event.title}</strong> is confirmed.
            Your receipt is on its way to {payerForm.getValues('email')}.
          </p>
          <Button asChild variant="outline" className="mx-auto">
            <Link to={`/events/${event.id}`}>Back to the event</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pay for your seat</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-baseline justify-between gap-4 rounded-lg border border-border p-4">
          <span className="font-medium">{event.title}</span>
          <span className="font-semibold">{price}</span>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="event-payer-name"
            label="Full name"
            autoComplete="name"
            error={payerForm.formState.errors.fullName?.message}
            {...payerForm.register('fullName')}
          />
          <FormField
            id="event-payer-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={payerForm.formState.errors.email?.message}
            {...payerForm.register('email')}
          />
        </div>
        {sandbox ? (
          <SandboxCardFields form={cardForm} />
        ) : (
          <Alert>
            <AlertTitle>Card payments for events run in test mode only for now</AlertTitle>
            <AlertDescription>Register from the event page and pay on the day instead.</AlertDescription>
          </Alert>
        )}
        {error ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>Payment not completed</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <Button size="lg" onClick={pay} disabled={busy || !sandbox}>
          {busy ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <LockIcon aria-hidden="true" />
          )}
          Pay {price} and register
        </Button>
        <p className="text-sm text-muted-foreground">
          Your seat is held for 30 minutes while you pay. No shipping: you just turn up on the day.
        </p>
      </CardContent>
    </Card>
  );
}
