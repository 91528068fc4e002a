import { eventRoutes } from '@jesus-walks/contracts/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '@/lib/api-client';
import { aListedEvent } from '@/testing/api-stubs';
import { getEvents, getEventsQueryOptions } from './get-events';
import { eventsKeys } from './query-keys';

const event = aListedEvent();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getEvents', () => {
  it('GETs the events route and returns the checked list', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json([event]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getEvents()).resolves.toEqual([event]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(eventRoutes.list.path);
  });

  it('refuses an answer that is not a list of events', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ events: [] }));
    await expect(getEvents()).rejects.toBeInstanceOf(ApiResponseError);
  });
});

describe('getEventsQueryOptions', () => {
  it("is the one events list entry, under 'events' so a registration refreshes it", () => {
    const { queryKey, staleTime } = getEventsQueryOptions();
    expect(queryKey).toEqual(['events', 'list']);
    expect(queryKey.slice(0, eventsKeys.all.length)).toEqual([...eventsKeys.all]);
    expect(staleTime).toBe(60_000);
  });
});
