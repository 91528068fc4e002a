/**
 * Query keys of the events (the events feature and the home page's upcoming walks). Everything
 * starts with 'events', so one invalidation after a registration or cancellation refreshes the
 * list, the event and the member's registrations.
 */
export const eventsKeys = {
  all: ['events'] as const,
  list: () => [...eventsKeys.all, 'list'] as const,
  detail: (id: string) => [...eventsKeys.all, 'detail', id] as const,
  mine: () => [...eventsKeys.all, 'my-registrations'] as const,
  /** The current waiver: under 'events', so a refused registration (the waiver changed) asks it again. */
  waiver: () => [...eventsKeys.all, 'waiver'] as const,
};
