import { contactRoutes } from '@jesus-walks/contracts/contact';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { getMessages, getMessagesQueryOptions, MESSAGES_PAGE_SIZE } from './get-messages';
import { adminQueryKeys } from './query-keys';
import { replyToMessage } from './reply-to-message';
import { updateMessageStatus } from './update-message-status';

afterEach(() => {
  vi.unstubAllGlobals();
});

const message = {
  id: 12,
  name: 'Lydia',
  email: 'lydia@example.com',
  subject: 'Walking with a stroller',
  message: 'Are the vineyard walks fine for a stroller?',
  userId: null,
  status: 'open' as const,
  createdAt: '2026-05-01T09:00:00.000Z',
  doneAt: null,
  doneBy: null,
  replies: [],
};
const page = {
  items: [message],
  total: 41,
  page: 2,
  pageSize: MESSAGES_PAGE_SIZE,
  counts: { open: 30, done: 11 },
};

const urlOf = (fetchMock: ReturnType<typeof stubFetch>) =>
  new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');

describe('GET /api/admin/messages', () => {
  it('sends the trimmed search, the status and the page; nothing for a blank search or both statuses', async () => {
    let fetchMock = stubFetch(() => jsonResponse(page));
    expect(await getMessages({ search: '  stroller ', status: 'open', page: 2 })).toEqual(page);
    let url = urlOf(fetchMock);
    expect(url.pathname).toBe(contactRoutes.list.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'stroller',
      status: 'open',
      page: '2',
      pageSize: String(MESSAGES_PAGE_SIZE),
    });
    vi.unstubAllGlobals();
    fetchMock = stubFetch(() => jsonResponse(page));
    await getMessages({ search: '  ', status: '' });
    url = urlOf(fetchMock);
    expect(Object.fromEntries(url.searchParams)).toEqual({ pageSize: String(MESSAGES_PAGE_SIZE) });
  });

  it('is refetched each time, under the messages key (a change refreshes every page)', () => {
    const options = getMessagesQueryOptions({ search: 'a', status: 'done', page: 3 });
    expect(options.staleTime).toBe(0);
    expect(options.queryKey.slice(0, adminQueryKeys.messages.length)).toEqual([...adminQueryKeys.messages]);
  });
});

describe('PATCH /api/admin/messages/{id}', () => {
  it('sends the new status to the message', async () => {
    const answer = {
      message: 'The message is marked as done.',
      contactMessage: { ...message, status: 'done' },
    };
    const fetchMock = stubFetch(() => jsonResponse(answer));
    expect(await updateMessageStatus({ id: 12, status: 'done' })).toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(pathOf(contactRoutes.update, { id: 12 }));
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"status":"done"}');
  });
});

describe('POST /api/admin/messages/{id}/reply', () => {
  it('sends the reply text to the message', async () => {
    const reply = {
      id: 1,
      text: 'Yes!',
      admin: { id: 2, username: 'admin' },
      sentAt: '2026-05-01T10:00:00.000Z',
    };
    const answer = {
      message: 'Your reply has been sent to lydia@example.com.',
      contactMessage: { ...message, replies: [reply] },
    };
    const fetchMock = stubFetch(() => jsonResponse(answer, { status: 201 }));
    expect(await replyToMessage({ id: 12, text: 'Yes!' })).toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(pathOf(contactRoutes.reply, { id: 12 }));
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"text":"Yes!"}');
  });
});
