import type { EmergencyDetails, WaiverAcceptance } from '@jesus-walks/contracts/events';
import { type FormEvent, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { BeforeTheWalkFields } from '@/components/walk-forms/before-the-walk-fields';
import { ApiError } from '@/lib/api-client';
import type { Event } from '@/lib/events/get-events';
import { useWaiver } from '@/lib/events/get-waiver';
import {
  blankWalkForms,
  type WalkAsks,
  type WalkFormsValues,
  walkFormFieldOf,
  walkFormsBody,
} from '@/lib/events/walk-forms';
import { lazyResolver } from '@/lib/lazy-resolver';

/** The member's full name (the service knows only their username), and what the walk asks. */
type MemberFormValues = { fullName: string } & WalkFormsValues;

export interface MemberWalkFormsDetails {
  fullName: string;
  forms: { waiver?: WaiverAcceptance; emergency?: EmergencyDetails };
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
 * A member registering for a walk that asks something before it (decision 038): their full name,
 * the waiver accepted with it, the emergency contact. `onRegister` answers once registered; a
 * refusal naming a field (400) is shown beside it.
 */
export function MemberWalkForms({
  event,
  actionLabel,
  pending,
  onRegister,
}: {
  event: Event;
  actionLabel: string;
  pending: boolean;
  onRegister: (details: MemberWalkFormsDetails) => Promise<void>;
}) {
  const waiver = useWaiver(event.waiverRequired);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MemberFormValues>({
    resolver: memberResolver,
    context: { waiverRequired: event.waiverRequired, askEmergencyContact: event.askEmergencyContact },
    defaultValues: { fullName: '', ...blankWalkForms },
  });

  const submit = handleSubmit(async (values) => {
    if (pending) return;
    try {
      await onRegister({
        fullName: values.fullName.trim(),
        forms: walkFormsBody(event, waiver.data?.id, values),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const issue of error.issues ?? []) {
          const field = issue.path.at(-1) === 'name' ? 'fullName' : walkFormFieldOf(issue.path);
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
      aria-label="Before the walk"
    >
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          The form could not be checked. Please check your connection and try again.
        </p>
      ) : null}
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
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Registering...' : actionLabel}
      </Button>
    </form>
  );
}
