/** Keys of the admin dashboard's lists (own keys: the shop's product cache keeps its own rules). */
export const adminQueryKeys = {
  users: ['admin', 'users'] as const,
  orders: ['admin', 'orders'] as const,
  products: ['admin', 'products'] as const,
  /** Every event, and (below it, so that one invalidation refreshes both) each one's registrations. */
  events: ['admin', 'events'] as const,
  registrations: (eventId: number) => ['admin', 'events', eventId, 'registrations'] as const,
  /** The dates a series would have: below the events, refreshed with them. */
  seriesPreview: (body: unknown) => ['admin', 'events', 'series-preview', body] as const,
  /** The waiver's versions (decision 038). */
  waiver: ['admin', 'waiver'] as const,
  /** Every subscriber list, whatever its search. */
  subscribers: ['admin', 'subscribers'] as const,
  subscriberSearch: (search: string, status: string) => ['admin', 'subscribers', { search, status }] as const,
  /** Every page of the contact messages, whatever its filter. */
  messages: ['admin', 'messages'] as const,
  messageSearch: (search: string, status: string, page: number) =>
    ['admin', 'messages', { search, status, page }] as const,
};
