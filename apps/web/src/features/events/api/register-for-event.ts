import { IDEMPOTENCY_KEY_HEADER } from '@jesus-walks/contracts/constants';
import type {
  EmergencyDetails,
  GuestRegistration,
  Registration,
  WaiverAcceptance,
} from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { partyBody } from '@/lib/events/party';
import { eventsKeys } from '@/lib/events/query-keys';

export type { GuestRegistration, Registration };

export interface RegisterForEventInput {
  eventId: number;
  /** A guest's name and e-mail; a logged-in member sends nothing (their account registers). */
  guest?: GuestRegistration;
  /** A member's full name, which they sign a walk's waiver with (a guest's is `guest.name`). */
  fullName?: string;
  /** What the walk asks before it: the waiver accepted, the emergency contact (decision 038). */
  forms?: { waiver?: WaiverAcceptance; emergency?: EmergencyDetails };
  /** The others coming, by name (decision 041): a seat each, or the line together. Not sent when empty. */
  party?: readonly string[];
  /** The same key for every retry of one registration, so a retry never registers twice. */
  idempotencyKey: string;
}

/** POST /api/events/{id}/registrations with an Idempotency-Key. */
export async function registerForEvent(input: RegisterForEventInput): Promise<Registration> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  return callApi(eventRoutes.register, {
    params: { id: input.eventId },
    body: {
      ...input.guest,
      ...(input.fullName ? { name: input.fullName } : {}),
      ...input.forms,
      ...partyBody(input.party ?? []),
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

export function useRegisterForEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
