import { eventRoutes } from '@jesus-walks/contracts/events';
import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdminEvent, anEvent, jsonResponse, stubFetch } from '@/testing/api-stubs';
import { cancelEvent, cancelEvents, WalksCancelledBefore } from './cancel-event';
import { createEvent } from './create-event';
import { getRegistrationsCsv } from './download-registrations-csv';
import { getSubscribersCsv } from './download-subscribers-csv';
import { getAdminEvents, getAdminEventsQueryOptions } from './get-admin-events';
import { getEventRegistrations } from './get-event-registrations';
import { getSubscribers, getSubscribersQueryOptions } from './get-subscribers';
import { getWalkStats, getWalkStatsQueryOptions } from './get-walk-stats';
import { promoteRegistration } from './promote-registration';
import { removeSubscriber } from './remove-subscriber';
import { updateEvent } from './update-event';

afterEach(() => {
  vi.unstubAllGlobals();
});

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return {
    url,
    method: init?.method,
    credentials: init?.credentials,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
  };
}

const input = {
  title: 'Sunrise Ridge',
  description: 'Up early',
  location: 'Atlas Peak',
  date: '2030-07-04T13:30:00.000Z',
  capacity: 12,
  price: 15,
  imageUrl: null,
};
const registration = {
  id: 9,
  eventId: 5,
  status: 'confirmed',
  waitlistPosition: null,
  createdAt: '2030-04-01T09:00:00.000Z',
  partySize: 1,
  party: [],
};
const subscriberList = {
  counts: { total: 1, confirmed: 1, pending: 0, unsubscribed: 0 },
  subscribers: [
    {
      id: 3,
      email: 'ruth@example.com',
      status: 'confirmed',
      confirmed: true,
      createdAt: '2030-04-01T09:00:00.000Z',
      confirmedAt: '2030-04-01T09:05:00.000Z',
      unsubscribedAt: null,
    },
  ],
  matching: 1,
  page: 1,
  pageSize: 25,
};

describe('admin events', () => {
  it("GET /api/admin/events (with each leader's contact), always asked again", async () => {
    const event = anAdminEvent({ leaderContactName: 'Joel Martin', leaderContactPhone: '(707) 555-0128' });
    const fetchMock = stubFetch(() => jsonResponse([event]));
    expect(await getAdminEvents()).toEqual([event]);
    expect(sent(fetchMock)).toMatchObject({
      url: eventRoutes.adminList.path,
      method: 'GET',
      credentials: 'include',
    });
    expect(getAdminEventsQueryOptions()).toMatchObject({ queryKey: ['admin', 'events'], staleTime: 0 });
  });

  it('POST /api/events and PUT /api/events/{id} with the event input', async () => {
    let fetchMock = stubFetch(() => jsonResponse(anAdminEvent(), { status: 201 }));
    await createEvent(input);
    expect(sent(fetchMock)).toMatchObject({ url: eventRoutes.create.path, method: 'POST', body: input });
    fetchMock = stubFetch(() => jsonResponse(anAdminEvent()));
    await updateEvent({ id: 5, body: input });
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(eventRoutes.update, { id: 5 }),
      method: 'PUT',
      body: input,
    });
  });

  it('POST /api/events/{id}/cancel-and-refund (payments) answers the outcome and its refunds', async () => {
    const answer = {
      eventId: 5,
      outcome: 'cancelled',
      notified: 2,
      refunds: { requested: 1, already: 0, retrying: 0, amount: '25.00' },
      message: 'Cancelled Sunrise Ridge. 2 people were told by e-mail.',
    };
    const fetchMock = stubFetch(() => jsonResponse(answer));
    expect(await cancelEvent(5)).toEqual(answer);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(orderPaymentRoutes.cancelEventAndRefund, { id: 5 }),
      method: 'POST',
      body: {},
    });
  });

  it("cancels a series' walks one after the other, and stops at the first refusal saying how many went", async () => {
    const answer = (eventId: number) => ({
      eventId,
      outcome: 'cancelled',
      notified: 1,
      refunds: { requested: 0, already: 0, retrying: 0, amount: '0.00' },
      message: 'Cancelled.',
    });
    let fetchMock = stubFetch(() => jsonResponse(answer(0)));
    expect((await cancelEvents([5, 6, 7])).length).toBe(3);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(
      [5, 6, 7].map((id) => pathOf(orderPaymentRoutes.cancelEventAndRefund, { id })),
    );

    let calls = 0;
    fetchMock = stubFetch(() => {
      calls += 1;
      return calls === 2
        ? jsonResponse({ code: 'not_found', message: 'Event not found' }, { status: 404 })
        : jsonResponse(answer(calls));
    });
    const refused = await cancelEvents([5, 6, 7]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WalksCancelledBefore);
    expect((refused as WalksCancelledBefore).cancelled).toBe(1);
    // The walk after the refused one is not asked.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lists, cancels and promotes registrations', async () => {
    const list = {
      event: anEvent(),
      counts: { confirmed: 1, pendingPayment: 0, waitlisted: 0, cancelled: 0 },
      registrations: [],
    };
    let fetchMock = stubFetch(() => jsonResponse(list));
    expect(await getEventRegistrations(5)).toEqual(list);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(eventRoutes.listRegistrations, { id: 5 }),
      method: 'GET',
    });

    const promotion = { ...registration, capacity: { from: 20, to: 21 } };
    fetchMock = stubFetch(() => jsonResponse(promotion));
    expect(await promoteRegistration({ eventId: 5, registrationId: 9 })).toEqual(promotion);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(eventRoutes.promoteFromWaitlist, { id: 5, registrationId: 9 }),
      method: 'POST',
      body: null,
    });
  });

  it('raises the server’s 409 message for someone no longer on the waitlist', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            message: 'Only a registration on the waitlist can be given a seat.',
            code: 'conflict',
          }),
          { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } },
        ),
    );
    await expect(promoteRegistration({ eventId: 5, registrationId: 9 })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Only a registration on the waitlist can be given a seat.',
    });
  });

  it('reads the registrations CSV as text', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response('Registration ID,Status\r\n1,confirmed\r\n', {
          headers: { 'content-type': 'text/csv' },
        }),
    );
    expect(await getRegistrationsCsv(5)).toBe('Registration ID,Status\r\n1,confirmed\r\n');
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(eventRoutes.registrationsCsv, { id: 5 }),
      method: 'GET',
    });
  });
});

describe('admin subscribers', () => {
  it('GET /api/newsletter/subscribers with the search and status, blank ones left out', async () => {
    let fetchMock = stubFetch(() => jsonResponse(subscriberList));
    expect(await getSubscribers({ search: ' Ruth ', status: 'confirmed' })).toEqual(subscriberList);
    expect(sent(fetchMock).url).toBe(
      `${newsletterRoutes.listSubscribers.path}?search=Ruth&status=confirmed&pageSize=25`,
    );
    fetchMock = stubFetch(() => jsonResponse(subscriberList));
    await getSubscribers({ search: '  ', status: '', page: 3 });
    expect(sent(fetchMock).url).toBe(`${newsletterRoutes.listSubscribers.path}?page=3&pageSize=25`);
    expect(getSubscribersQueryOptions({ search: ' ruth ', status: '' }).queryKey).toEqual([
      'admin',
      'subscribers',
      { search: 'ruth', status: '' },
      1,
    ]);
  });

  it('DELETE /api/newsletter/subscribers/{id}', async () => {
    const answer = {
      message: 'ruth@example.com has been removed from the newsletter.',
      email: 'ruth@example.com',
    };
    const fetchMock = stubFetch(() => jsonResponse(answer));
    expect(await removeSubscriber(3)).toEqual(answer);
    expect(sent(fetchMock)).toMatchObject({
      url: pathOf(newsletterRoutes.removeSubscriber, { id: 3 }),
      method: 'DELETE',
    });
  });

  it('reads the subscribers CSV as text', async () => {
    const fetchMock = stubFetch(
      () => new Response('ID,Email\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    expect(await getSubscribersCsv()).toBe('ID,Email\r\n');
    expect(sent(fetchMock).url).toBe(newsletterRoutes.subscribersCsv.path);
  });
});

describe("the paid walks' figures", () => {
  it('GET /api/admin/events/stats?days=30, under the events key so that a registration change refreshes it', async () => {
    const stats = {
      paidRegistrations: 2,
      revenue: '50.00',
      days: 30,
      perDay: [{ date: '2030-04-01', registrations: 2, revenue: '50.00' }],
      testMode: { count: 1, revenue: '25.00' },
    };
    const fetchMock = stubFetch(() => jsonResponse(stats));
    expect(await getWalkStats(30)).toEqual(stats);
    expect(sent(fetchMock)).toMatchObject({ url: `${eventRoutes.adminStats.path}?days=30`, method: 'GET' });
    expect(getWalkStatsQueryOptions(30).queryKey.slice(0, 2)).toEqual(['admin', 'events']);
  });
});
