import { auditRoutes } from '@jesus-walks/contracts/audit';
import { userRoutes } from '@jesus-walks/contracts/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { getAdminUsers, getAdminUsersQueryOptions } from './get-admin-users';
import { AUDIT_LOG_PAGE_SIZE, getAuditLog, getAuditLogQueryOptions } from './get-audit-log';
import { adminQueryKeys } from './query-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

const urlOf = (fetchMock: ReturnType<typeof stubFetch>) =>
  new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');

describe('GET /api/admin/users', () => {
  const page = {
    items: [{ id: 2, username: 'martha', email: 'martha@example.com', isAdmin: false, isVerified: true }],
    total: 5000,
    page: 3,
    pageSize: 25,
  };

  it('sends the trimmed words, the role and the page; nothing for a blank search or any role', async () => {
    let fetchMock = stubFetch(() => jsonResponse(page));
    expect(await getAdminUsers({ search: '  mar ', role: 'member', page: 3, pageSize: 25 })).toEqual(page);
    let url = urlOf(fetchMock);
    expect(url.pathname).toBe(userRoutes.adminList.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'mar',
      role: 'member',
      page: '3',
      pageSize: '25',
    });
    vi.unstubAllGlobals();
    fetchMock = stubFetch(() => jsonResponse(page));
    await getAdminUsers({ search: '   ', role: '', page: 1, pageSize: 25 });
    url = urlOf(fetchMock);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', pageSize: '25' });
  });

  it('is always refetched, not kept, and under the users key (user mutations refresh it)', () => {
    const options = getAdminUsersQueryOptions({ search: 'a', role: '', page: 1, pageSize: 25 });
    expect(options).toMatchObject({ staleTime: 0, gcTime: 0 });
    expect(options.queryKey.slice(0, adminQueryKeys.users.length)).toEqual([...adminQueryKeys.users]);
  });
});

describe('GET /api/admin/audit-log', () => {
  const answer = { entries: [], nextCursor: 'abc', unavailable: ['payments'] };

  it('sends the filters, the cursor when there is one, and the page size', async () => {
    const fetchMock = stubFetch(() => jsonResponse(answer));
    expect(await getAuditLog({ service: 'payments', q: 'refund' }, 'abc')).toEqual(answer);
    const url = urlOf(fetchMock);
    expect(url.pathname).toBe(auditRoutes.list.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service: 'payments',
      q: 'refund',
      cursor: 'abc',
      limit: String(AUDIT_LOG_PAGE_SIZE),
    });
  });

  it('starts without a cursor and continues with the last page’s', () => {
    const options = getAuditLogQueryOptions({});
    expect(options.initialPageParam).toBeNull();
    expect(
      options.getNextPageParam?.({ entries: [], nextCursor: 'next', unavailable: [] }, [], null, [null]),
    ).toBe('next');
    expect(
      options.getNextPageParam?.({ entries: [], nextCursor: null, unavailable: [] }, [], null, [null]),
    ).toBeNull();
  });
});
