import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { useCreateEvent } from '../api/create-event';
import type { Event } from '../api/get-admin-events';
import { useUpdateEvent } from '../api/update-event';
import {
  blankEventForm,
  type EventFormOutput,
  type EventFormValues,
  eventFormDefaults,
  eventFormSchema,
  toEventInput,
} from '../utils/event-form';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';
import { TextareaField } from './textarea-field';

/**
 * The picture the image URL points at, as it will look on the event's card (16:9), so a wrong
 * address shows before saving. Nothing while the field is blank or not an address yet.
 */
function ImagePreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const address = url.trim();
  if (!/^(\/(?!\/)|https?:\/\/)./.test(address)) return null;
  if (failedUrl === address) {
    return (
      <p className="text-sm text-destructive" role="status">
        The image at this address could not be loaded.
      </p>
    );
  }
  return (
    <img
      src={address}
      alt="How the event card will look"
      width={320}
      height={180}
      onError={() => setFailedUrl(address)}
      className="aspect-video w-full max-w-xs rounded-md border border-border bg-secondary object-cover"
    />
  );
}

/** A titled group of the form's fields. */
function FormSection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 border-t border-border pt-4">
      <legend className="float-left mb-1 w-full">
        <span className="block font-semibold">{title}</span>
        <span className="block text-xs font-normal text-muted-foreground">{hint}</span>
      </legend>
      {children}
    </fieldset>
  );
}

/** Which form is open: a new event, or an existing one to edit. */
export type EventFormTarget = { kind: 'create' } | { kind: 'edit'; event: Event } | null;

/** Creating or editing an event; open while `target` is set. Dates and times are the valley's. */
export function EventFormDialog({ target, onClose }: { target: EventFormTarget; onClose: () => void }) {
  const creation = useCreateEvent();
  const update = useUpdateEvent();
  const editing = target?.kind === 'edit' ? target.event : null;
  const pending = creation.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: editing ? eventFormDefaults(editing) : blankEventForm,
  });

  useEffect(() => {
    reset(editing ? eventFormDefaults(editing) : blankEventForm);
  }, [editing, reset]);

  const onSubmit = handleSubmit((values) => {
    const body = toEventInput(values);
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: onClose });
    else creation.mutate(body, { onSuccess: onClose });
  });

  const title = editing ? `Edit Event: ${editing.title}` : 'Create Event';
  return (
    <Dialog open={target !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription>
            Date and time are in the valley's time zone (Pacific). Price is in whole dollars; 0 is free.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={title}>
          <FormField
            id="event-title"
            label="Title"
            required
            error={errors.title?.message}
            {...register('title')}
          />
          <TextareaField
            id="event-description"
            label="Description"
            required
            rows={4}
            error={errors.description?.message}
            {...register('description')}
          />
          <FormField
            id="event-location"
            label="Location"
            required
            error={errors.location?.message}
            {...register('location')}
          />
          <FormField
            id="event-when"
            label="Date and time (Napa Valley)"
            type="datetime-local"
            required
            error={errors.when?.message}
            {...register('when')}
          />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <FormField
              id="event-capacity"
              label="Capacity"
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
              required
              error={errors.capacity?.message}
              {...register('capacity')}
            />
            <FormField
              id="event-price"
              label="Price (whole dollars)"
              type="number"
              step="1"
              min="0"
              inputMode="numeric"
              required
              error={errors.price?.message}
              {...register('price')}
            />
          </div>
          {Number(watch('price')) > 0 ? (
            <FormField
              id="event-refund-cutoff"
              label="Full refund until (days before the walk)"
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
              hint="Blank: a full refund until the walk starts. After the deadline, a walker who cancels is not refunded; the group cancelling always refunds."
              error={errors.refundCutoffDays?.message}
              {...register('refundCutoffDays')}
            />
          ) : null}
          <FormField
            id="event-image-url"
            label="Image URL"
            hint="A site path (/images/...) or an http(s) address; optional."
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
          <ImagePreview url={watch('imageUrl') ?? ''} />
          <FormSection
            title="Trail details"
            hint="Shown on the walk's page and card, and told by the assistant. Each is optional."
          >
            <div className="grid gap-x-3 sm:grid-cols-2">
              <FormField
                id="event-distance"
                label="Distance (miles)"
                type="number"
                step="0.1"
                min="0.1"
                inputMode="decimal"
                error={errors.distanceMiles?.message}
                {...register('distanceMiles')}
              />
              <FormField
                id="event-elevation-gain"
                label="Elevation gain (feet)"
                type="number"
                step="1"
                min="0"
                inputMode="numeric"
                error={errors.elevationGainFeet?.message}
                {...register('elevationGainFeet')}
              />
              <SelectField
                id="event-difficulty"
                label="Difficulty"
                error={errors.difficulty?.message}
                {...register('difficulty')}
              >
                <option value="">Not given</option>
                <option value="easy">Easy</option>
                <option value="moderate">Moderate</option>
                <option value="challenging">Challenging</option>
              </SelectField>
              <FormField
                id="event-duration"
                label="Expected duration (hours)"
                inputMode="decimal"
                hint="2.5, or 2:30 for 2 h 30 min"
                error={errors.duration?.message}
                {...register('duration')}
              />
              <FormField
                id="event-minimum-age"
                label="Minimum age"
                type="number"
                step="1"
                min="1"
                inputMode="numeric"
                hint="Blank: any age"
                error={errors.minimumAge?.message}
                {...register('minimumAge')}
              />
              <div className="grid content-start gap-3 pb-5 sm:pt-8">
                <CheckboxField
                  id="event-family-friendly"
                  label="Family friendly"
                  {...register('familyFriendly')}
                />
                <CheckboxField id="event-dogs-allowed" label="Dogs allowed" {...register('dogsAllowed')} />
              </div>
            </div>
            <FormField
              id="event-meeting-point"
              label="Meeting point coordinates"
              inputMode="decimal"
              autoComplete="off"
              hint="Latitude, longitude, as Google Maps copies them (press or right-click the spot). For the Open in Maps button."
              error={errors.meetingPoint?.message}
              {...register('meetingPoint')}
            />
            <TextareaField
              id="event-accessibility-notes"
              label="Accessibility notes"
              rows={2}
              hint="The ground, steps and slopes, restrooms: for wheelchairs, strollers and anyone who needs to know."
              error={errors.accessibilityNotes?.message}
              {...register('accessibilityNotes')}
            />
            <TextareaField
              id="event-what-to-bring"
              label="What to bring"
              rows={2}
              error={errors.whatToBring?.message}
              {...register('whatToBring')}
            />
          </FormSection>
          <FormSection
            title="Leader on the day"
            hint="For the walkers' reminders. Admins only: never shown on the site."
          >
            <div className="grid gap-x-3 sm:grid-cols-2">
              <FormField
                id="event-leader-name"
                label="Leader's name"
                autoComplete="off"
                error={errors.leaderContactName?.message}
                {...register('leaderContactName')}
              />
              <FormField
                id="event-leader-phone"
                label="Leader's phone"
                type="tel"
                autoComplete="off"
                error={errors.leaderContactPhone?.message}
                {...register('leaderContactPhone')}
              />
            </div>
          </FormSection>
          <FormSection
            title="Before the walk"
            hint="What registering asks of each walker. Their answers are seen by admins and leaders only."
          >
            <CheckboxField
              id="event-waiver-required"
              label="Require the group's waiver (typed full name)"
              {...register('waiverRequired')}
            />
            <CheckboxField
              id="event-ask-emergency-contact"
              label="Ask for an emergency contact and a note for the leader"
              {...register('askEmergencyContact')}
            />
          </FormSection>
          <FormSection
            title="Reminders"
            hint="E-mailed to everyone with a seat, with the meeting point, the map, what to bring and the leader's phone."
          >
            <div className="grid gap-x-3 sm:grid-cols-2">
              <SelectField
                id="event-early-reminder"
                label="Reminder before the walk"
                error={errors.earlyReminderDays?.message}
                {...register('earlyReminderDays')}
              >
                <option value="">None</option>
                <option value="1">1 day before</option>
                <option value="2">2 days before</option>
                <option value="3">3 days before</option>
                <option value="7">A week before</option>
              </SelectField>
              <FormField
                id="event-day-reminder"
                label="Reminder on the day, at"
                type="time"
                hint="Blank: none. A walk starting earlier is reminded an hour before it."
                error={errors.dayReminderTime?.message}
                {...register('dayReminderTime')}
              />
            </div>
          </FormSection>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : editing ? 'Update Event' : 'Create Event'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
