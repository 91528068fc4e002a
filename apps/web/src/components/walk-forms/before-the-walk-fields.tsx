import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import type { Waiver } from '@/lib/events/get-waiver';
import type { WalkAsks, WalkFormFieldName } from '@/lib/events/walk-forms';

type InputProps = Omit<ComponentProps<'input'>, 'id'>;
type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'>;

export interface BeforeTheWalkFieldsProps {
  walk: WalkAsks;
  /** The current waiver (asked only when the walk requires it). */
  waiver: UseQueryResult<Waiver>;
  /** Prefix of the inputs' ids, one per form on a page. */
  idPrefix: string;
  /** The form's react-hook-form `register` and errors: its values include the walk's fields. */
  register: (name: WalkFormFieldName) => InputProps & TextareaProps;
  errors: Partial<Record<WalkFormFieldName, { message?: string | undefined } | undefined>>;
}

/**
 * What a walk asks before it, inside a registration or checkout form (decision 038): the group's
 * waiver to read (a scrolling box, readable on a phone) and accept by typing the full name, and an
 * emergency contact with a note for the leader. Only what the walk asks is shown.
 */
export function BeforeTheWalkFields({
  walk,
  waiver,
  idPrefix,
  register,
  errors: fieldErrors,
}: BeforeTheWalkFieldsProps) {
  const noteId = `${idPrefix}-leader-note`;
  const errors = {
    signedName: fieldErrors.signedName?.message,
    contactName: fieldErrors.contactName?.message,
    contactPhone: fieldErrors.contactPhone?.message,
    leaderNote: fieldErrors.leaderNote?.message,
  };
  return (
    <>
      {walk.waiverRequired ? (
        <section className="grid gap-3" aria-labelledby={`${idPrefix}-waiver-heading`}>
          <h3 id={`${idPrefix}-waiver-heading`} className="font-semibold">
            Waiver{waiver.data ? ` (version ${waiver.data.version})` : ''}
          </h3>
          {waiver.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : waiver.data ? (
            <section
              // A region one can also scroll with the keyboard, read before typing the name.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              aria-label="Waiver text"
              data-testid="waiver-text"
              className="max-h-64 overflow-y-auto whitespace-pre-line break-words rounded-md border border-border bg-muted p-3 text-sm leading-6"
            >
              {waiver.data.text}
            </section>
          ) : (
            <p role="alert" className="text-sm text-destructive">
              The waiver could not be loaded. Please reload the page to read it before registering.
            </p>
          )}
          <FormField
            id={`${idPrefix}-signed-name`}
            label="Type your full name to accept"
            autoComplete="off"
            hint="By typing your full name, as given above, you accept the waiver."
            error={errors.signedName}
            {...register('signedName')}
          />
        </section>
      ) : null}
      {walk.askEmergencyContact ? (
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-1 font-semibold">Emergency contact</legend>
          <p className="-mt-1 text-sm text-muted-foreground">
            Who the leader should call if something happens on the walk. Seen only by the walk's leaders and
            our admins.
          </p>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <FormField
              id={`${idPrefix}-contact-name`}
              label="Their name"
              autoComplete="off"
              error={errors.contactName}
              {...register('contactName')}
            />
            <FormField
              id={`${idPrefix}-contact-phone`}
              label="Their phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              error={errors.contactPhone}
              {...register('contactPhone')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>Note for the leader (optional)</Label>
            <Textarea
              id={noteId}
              rows={3}
              aria-describedby={`${noteId}-hint${errors.leaderNote ? ` ${noteId}-error` : ''}`}
              aria-invalid={errors.leaderNote ? true : undefined}
              {...register('leaderNote')}
            />
            <p id={`${noteId}-hint`} className="text-sm text-muted-foreground">
              Anything the leader should know: a medical condition, allergies, medication you carry, mobility.
            </p>
            {errors.leaderNote ? (
              <p id={`${noteId}-error`} className="text-sm text-destructive">
                {errors.leaderNote}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
