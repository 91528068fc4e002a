import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
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
          <div className="grid gap-2">
            <Label htmlFor="event-description">Description</Label>
            <Textarea
              id="event-description"
              required
              rows={4}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'event-description-error' : undefined}
              {...register('description')}
            />
            <p id="event-description-error" className="-mt-1 min-h-5 text-sm leading-5 text-destructive">
              {errors.description?.message}
            </p>
          </div>
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
          <FormField
            id="event-image-url"
            label="Image URL"
            hint="A site path (/images/...) or an http(s) address; optional."
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
          <ImagePreview url={watch('imageUrl') ?? ''} />
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
