import {
  type ContactMessage,
  type ContactMessagePage,
  type ContactMessageStatus,
  contactRoutes,
} from '@jesus-walks/contracts/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { ContactMessage, ContactMessagePage, ContactMessageStatus };

/** Messages shown a page at a time. */
export const MESSAGES_PAGE_SIZE = 20;

export interface MessageFilter {
  /** Part of the name, e-mail, subject or text; blank for every message. */
  search: string;
  /** '' for both. */
  status: ContactMessageStatus | '';
  /** From 1; the first page when left out. */
  page?: number;
}

/**
 * GET /api/admin/messages?status=&search=&page=: one page of the contact messages (newest first,
 * with their replies), how many match, and the inbox's open and done counts.
 */
export function getMessages(
  filter: MessageFilter = { search: '', status: '' },
  options: { signal?: AbortSignal } = {},
): Promise<ContactMessagePage> {
  const search = filter.search.trim();
  const page = filter.page ?? 1;
  return callApi(contactRoutes.list, {
    query: {
      ...(search ? { search } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(page > 1 ? { page } : {}),
      pageSize: MESSAGES_PAGE_SIZE,
    },
    signal: options.signal,
  });
}

export function getMessagesQueryOptions(filter: MessageFilter) {
  return queryOptions({
    queryKey: adminQueryKeys.messageSearch(filter.search.trim(), filter.status, filter.page ?? 1),
    queryFn: ({ signal }) => getMessages(filter, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMessages(filter: MessageFilter) {
  return useQuery(getMessagesQueryOptions(filter));
}
