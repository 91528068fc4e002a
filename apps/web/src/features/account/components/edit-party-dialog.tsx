import { zodResolver } from '@hookform/resolvers/zod';
import type { MyRegistration } from '@jesus-walks/contracts/events';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { PartyFields } from '@/components/walk-forms/party-fields';
import { ApiError, getServerMessage } from '@/lib/api-client';
import { formatEventDay, formatEventTime } from '@/lib/events/event-format';
import { type PartyFormValues, partyFieldOf, partyOf, partyRowsOf, whoComesText } from '@/lib/events/party';
import { partyFormField } from '@/lib/events/party-schema';
import { useUpdateParty } from '@/lib/events/update-party';
import { partyChangeNotes, partyFormHint } from '../utils/my-walks';

const partyFormSchema = z.object({ party: partyFormField });

/**
 * 'Edit party' on a walk of My walks (decision 041): the others coming, by name, saved as they are
 * now. A registration paid online keeps its number: only the names can change. The server's
 * refusal (too few seats, the walk started) is shown in the dialog, which stays open.
 */
export function EditPartyDialog({
  registration,
  open,
  onOpenChange,
}: {
  registration: MyRegistration;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit party</DialogTitle>
          <DialogDescription className="break-words">
            {registration.event.title}, {formatEventDay(registration.event.date)},{' '}
            {formatEventTime(registration.event.date)}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from the party as it is now. */}
        <EditPartyForm registration={registration} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditPartyForm({ registration, onDone }: { registration: MyRegistration; onDone: () => void }) {
  const update = useUpdateParty();
  const [failure, setFailure] = useState<string | null>(null);
  const paid = registration.payment !== null;
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PartyFormValues>({
    resolver: zodResolver(partyFormSchema),
    defaultValues: { party: partyRowsOf(registration.party) },
  });

  const onSubmit = handleSubmit((values) => {
    if (update.isPending) return;
    setFailure(null);
    update.mutate(
      { eventId: registration.eventId, registrationId: registration.id, party: partyOf(values.party) },
      {
        onSuccess: (updated) => {
          toast({ title: 'Party saved', description: `${whoComesText(updated.party)}.` });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            for (const issue of error.issues ?? []) {
              const field = partyFieldOf(issue.path);
              if (field) setError(field, { type: 'server', message: issue.message });
            }
          }
          setFailure(getServerMessage(error) ?? 'Your party could not be saved. Please try again.');
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit party">
      <PartyFields
        control={control}
        errors={errors.party}
        idPrefix={`edit-party-${registration.id}`}
        legend="Coming with you"
        hint={partyFormHint(registration)}
        fixedSize={paid}
        summary={(people) => {
          const notes = partyChangeNotes(registration, people);
          return notes.length > 0 ? (
            <div className="grid gap-2 text-sm" aria-live="polite">
              {notes.map((note) => (
                <p key={note} className="rounded-md bg-muted px-3 py-2">
                  {note}
                </p>
              ))}
            </div>
          ) : null;
        }}
      />
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save party'}
        </Button>
      </DialogFooter>
    </form>
  );
}
