import type { GuestRegistration } from '@jesus-walks/contracts/events';
import { type FormEvent, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { PrivacyNote } from '@/components/legal/privacy-note';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { BeforeTheWalkFields } from '@/components/walk-forms/before-the-walk-fields';
import { PartyFields } from '@/components/walk-forms/party-fields';
import { ApiError } from '@/lib/api-client';
import { AttemptKeys } from '@/lib/attempt-keys';
import type { Event } from '@/lib/events/get-events';
import { useWaiver } from '@/lib/events/get-waiver';
import { type PartyFormValues, partyFieldOf, partyOf } from '@/lib/events/party';
import {
  blankWalkForms,
  type WalkAsks,
  type WalkFormsValues,
  walkFormFieldOf,
  walkFormsBody,
} from '@/lib/events/walk-forms';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRegisterForEvent } from '../api/register-for-event';
import { type Outcome, registrationFailure, registrationOutcome } from '../utils/registration-outcome';
import { OutcomeAlert } from './outcome-alert';
import { PartySummary } from './party-summary';

/** The guest's name and e-mail, what the walk asks before it (decision 038), and who else comes (041). */
type GuestFormValues = GuestRegistration & WalkFormsValues & PartyFormValues;

const guestResolver = lazyResolver<GuestFormValues>(async () => {
  const [
    { zodResolver },
    { GuestRegistrationSchema },
    { checkSignature, walkFormFields },
    { partyFormField },
  ] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@jesus-walks/contracts/events'),
    import('@/lib/events/walk-forms-schema'),
    import('@/lib/events/party-schema'),
  ]);
  // The walk's asks come as the form's context: its checks are the ones of this walk.
  return (values, context, options) => {
    const walk = context as WalkAsks;
    const schema = GuestRegistrationSchema.extend({
      ...walkFormFields(walk),
      party: partyFormField,
    }).superRefine((guest, ctx) =>
      checkSignature(walk, { signedName: guest.signedName, fullName: guest.name }, ctx),
    );
    return zodResolver(schema)(values, context, options) as ReturnType<Resolver<GuestFormValues>>;
  };
});

/** A visitor registers with a name and an e-mail address; the answer shows in place. */
export function GuestRegistrationForm({ event, actionLabel }: { event: Event; actionLabel: string }) {
  const registration = useRegisterForEvent();
  const waiver = useWaiver(event.waiverRequired);
  const attempts = useRef(new AttemptKeys(newIdempotencyKey));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<GuestFormValues>({
    resolver: guestResolver,
    context: { waiverRequired: event.waiverRequired, askEmergencyContact: event.askEmergencyContact },
    defaultValues: { name: '', email: '', ...blankWalkForms, party: [] },
  });

  const submit = handleSubmit((values) => {
    if (registration.isPending) return;
    const guest = { name: values.name, email: values.email };
    const forms = walkFormsBody(event, waiver.data?.id, values);
    const party = partyOf(values.party);
    const idempotencyKey = attempts.current.keyFor(JSON.stringify({ guest, forms, party }));
    registration.mutate(
      { eventId: event.id, guest, forms, party, idempotencyKey },
      {
        onSuccess: (result) => {
          attempts.current.settle();
          setOutcome(registrationOutcome(result, event.price));
          setDone(true);
          reset();
        },
        onError: (error) => {
          attempts.current.settle(error);
          if (error instanceof ApiError && error.status === 400) {
            for (const issue of error.issues ?? []) {
              const field = issue.path.at(-1);
              const walkField = walkFormFieldOf(issue.path) ?? partyFieldOf(issue.path);
              if (walkField) setError(walkField, { type: 'server', message: issue.message });
              else if (field === 'name' || field === 'email')
                setError(field, { type: 'server', message: issue.message });
            }
          }
          setOutcome(registrationFailure(error));
        },
      },
    );
  });
  // The checks' code may not arrive (lib/lazy-resolver.ts): say so instead of doing nothing.
  const onSubmit = (formEvent: FormEvent<HTMLFormElement>) =>
    void submit(formEvent).catch((error: unknown) => setOutcome(registrationFailure(error)));

  if (done && outcome) {
    return (
      <div className="grid gap-4">
        <OutcomeAlert outcome={outcome} />
        <Button
          variant="outline"
          onClick={() => {
            setDone(false);
            setOutcome(null);
          }}
        >
          Register someone else
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      // The checks' code comes as the visitor starts typing, ready before they submit.
      onFocus={guestResolver.preload}
      className="grid gap-4"
      aria-label="Register as a guest"
    >
      {outcome ? <OutcomeAlert outcome={outcome} /> : null}
      <FormField
        id="guest-name"
        label="Your name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        id="guest-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <BeforeTheWalkFields
        walk={event}
        waiver={waiver}
        idPrefix="guest"
        register={register}
        errors={errors}
      />
      <PartyFields
        control={control}
        errors={errors.party}
        idPrefix="guest"
        summary={(people) => <PartySummary event={event} people={people} />}
      />
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? 'Registering...' : actionLabel}
      </Button>
      <p className="text-sm text-muted-foreground">
        Have an account?{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Log in
        </Link>{' '}
        to register with it and manage your registrations.
      </p>
      <PrivacyNote />
    </form>
  );
}
