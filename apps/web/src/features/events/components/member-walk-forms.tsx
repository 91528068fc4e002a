import type { EmergencyDetails, WaiverAcceptance } from '@jesus-walks/contracts/events';
import { type FormEvent, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { BeforeTheWalkFields } from '@/components/walk-forms/before-the-walk-fields';
import { PartyFields } from '@/components/walk-forms/party-fields';
import { ApiError } from '@/lib/api-client';
import type { Event } from '@/lib/events/get-events';
import { useWaiver } from '@/lib/events/get-waiver';
import { type PartyFormValues, partyFieldOf, partyOf } from '@/lib/events/party';
import {
  asksBeforeTheWalk,
  blankWalkForms,
  type WalkAsks,
  type WalkFormsValues,
  walkFormFieldOf,
  walkFormsBody,
} from '@/lib/events/walk-forms';
import { lazyResolver } from '@/lib/lazy-resolver';
import { PartySummary } from './party-summary';

/**
 * The member's full name (the service knows only their username) and what the walk asks, when it
 * asks something; and who else comes (decision 041).
 */
type MemberFormValues = { fullName: string } & WalkFormsValues & PartyFormValues;

export interface MemberWalkFormsDetails {
  /** Only for a walk that asks something (the waiver is signed with it). */
  fullName?: string;
  forms: { waiver?: WaiverAcceptance; emergency?: EmergencyDetails };
  /** The others coming, by name; [] when the member comes alone. */
  party: string[];
}

const memberResolver = lazyResolver<MemberFormValues>(async () => {
  const [{ zodResolver }, { memberWalkFormsSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@/lib/events/walk-forms-schema'),
  ]);
  return (values, context, options) => {
    const schema = memberWalkFormsSchema(context as WalkAsks);
    return zodResolver(schema)(values, context, options) as ReturnType<Resolver<MemberFormValues>>;
  };
});

/**
 * A member registering with a form: for a walk that asks something before it (decision 038), their
 * full name, the waiver accepted with it, the emergency contact; and the others they bring
 * (decision 041), with one name to fill in already when `withParty`. `onRegister` answers once
 * registered; a refusal naming a field (400) is shown beside it.
 */
export function MemberWalkForms({
  event,
  actionLabel,
  pending,
  withParty = false,
  onRegister,
}: {
  event: Event;
  actionLabel: string;
  pending: boolean;
  withParty?: boolean;
  onRegister: (details: MemberWalkFormsDetails) => Promise<void>;
}) {
  const asks = asksBeforeTheWalk(event);
  const waiver = useWaiver(event.waiverRequired);
  const [failed, setFailed] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MemberFormValues>({
    resolver: memberResolver,
    context: { waiverRequired: event.waiverRequired, askEmergencyContact: event.askEmergencyContact },
    defaultValues: { fullName: '', ...blankWalkForms, party: withParty ? [{ name: '' }] : [] },
  });

  const submit = handleSubmit(async (values) => {
    if (pending) return;
    try {
      await onRegister({
        ...(asks ? { fullName: values.fullName.trim() } : {}),
        forms: walkFormsBody(event, waiver.data?.id, values),
        party: partyOf(values.party),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const issue of error.issues ?? []) {
          const field =
            partyFieldOf(issue.path) ??
            (issue.path.at(-1) === 'name' ? 'fullName' : walkFormFieldOf(issue.path));
          if (field) setError(field, { type: 'server', message: issue.message });
        }
      }
    }
  });
  const onSubmit = (formEvent: FormEvent<HTMLFormElement>) =>
    void submit(formEvent).catch(() => setFailed(true));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={memberResolver.preload}
      className="grid gap-4"
      aria-label={asks ? 'Before the walk' : 'Who is coming'}
    >
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          The form could not be checked. Please check your connection and try again.
        </p>
      ) : null}
      {asks ? (
        <>
          <FormField
            id="member-full-name"
            label="Your full name"
            autoComplete="name"
            error={errors.fullName?.message}
            {...register('fullName')}
          />
          <BeforeTheWalkFields
            walk={event}
            waiver={waiver}
            idPrefix="member"
            register={register}
            errors={errors}
          />
        </>
      ) : null}
      <PartyFields
        control={control}
        errors={errors.party}
        idPrefix="member"
        summary={(people) => <PartySummary event={event} people={people} />}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Registering...' : actionLabel}
      </Button>
    </form>
  );
}
