import { type AuditLogPage, type AuditLogQuery, auditRoutes } from '@jesus-walks/contracts/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { AuditLogPage };

/** The filters the Activity tab sends (the cursor and page size are this file's). */
export type AuditLogFilter = Pick<AuditLogQuery, 'service' | 'targetType' | 'q' | 'from' | 'to'>;

export const AUDIT_LOG_PAGE_SIZE = 25;

/** GET /api/admin/audit-log: one page of every service's activity record, newest first. */
export function getAuditLog(
  filter: AuditLogFilter,
  cursor: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<AuditLogPage> {
  return callApi(auditRoutes.list, {
    query: { ...filter, ...(cursor ? { cursor } : {}), limit: AUDIT_LOG_PAGE_SIZE },
    signal: options.signal,
  });
}

/** Pages follow each other by cursor; always asked again when the tab opens (it is a live record). */
export function getAuditLogQueryOptions(filter: AuditLogFilter) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'audit-log', filter] as const,
    queryFn: ({ pageParam, signal }) => getAuditLog(filter, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export function useAuditLog(filter: AuditLogFilter, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getAuditLogQueryOptions(filter), enabled });
}
