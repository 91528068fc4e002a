import type { PaymentIntentResponse } from '@jesus-walks/contracts/checkout';
import type { AdminEvent, Event, ListedEvent, Registration } from '@jesus-walks/contracts/events';
import type { ShippingRate } from '@jesus-walks/contracts/shipping';
import { vi } from 'vitest';

/**
 * For unit tests of API calls: a stubbed global fetch answering `response` (a Response, or a
 * function making a fresh one per call), and contract-shaped fixtures. Tests restore the real
 * fetch with vi.unstubAllGlobals().
 */
export function stubFetch(response: Response | (() => Response)) {
  const fetchMock = vi.fn<typeof fetch>(async () => (typeof response === 'function' ? response() : response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An upcoming, free event with seats left. */
export function anEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: 5,
    title: 'Vineyard Loop',
    imageUrl: null,
    date: '2030-05-01T09:00:00.000Z',
    location: 'Napa',
    description: 'A walk',
    capacity: 20,
    price: 0,
    seatsTaken: 3,
    seatsLeft: 17,
    waitlistCount: 0,
    isPast: false,
    isCancelled: false,
    // No walk details given, as for a walk stored before they existed.
    distanceMiles: null,
    elevationGainFeet: null,
    difficulty: null,
    durationMinutes: null,
    minimumAge: null,
    familyFriendly: false,
    dogsAllowed: false,
    accessibilityNotes: null,
    meetingPoint: null,
    whatToBring: null,
    // Nothing asked before the walk (decision 038).
    waiverRequired: false,
    askEmergencyContact: false,
    refundCutoffDays: null,
    refundDeadline: null,
    seriesId: null,
    ...overrides,
  };
}

/** anEvent() as the public list gives it: with its series named (none by default). */
export function aListedEvent(overrides: Partial<ListedEvent> = {}): ListedEvent {
  return { ...anEvent(), series: null, ...overrides };
}

/**
 * anEvent() as the admin reads it: with its leader's contact for the day (none by default) and its
 * reminders (the defaults).
 */
export function anAdminEvent(overrides: Partial<AdminEvent> = {}): AdminEvent {
  return {
    ...anEvent(),
    leaderContactName: null,
    leaderContactPhone: null,
    earlyReminderDays: 2,
    dayReminderTime: '07:00',
    ...overrides,
  };
}

/** A confirmed registration for anEvent(), its registrant coming alone. */
export function aRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: 9,
    eventId: 5,
    status: 'confirmed',
    waitlistPosition: null,
    createdAt: '2030-04-01T09:00:00.000Z',
    partySize: 1,
    party: [],
    ...overrides,
  };
}

/** A JSON answer with a status, for stubFetch. */
export function jsonResponse(body: unknown, init: ResponseInit = { status: 200 }): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });
}

/** USPS Ground to Napa, as GET /api/shipping/rates answers it. */
export function aShippingRate(overrides: Partial<ShippingRate> = {}): ShippingRate {
  return {
    id: 3,
    name: 'USPS Ground',
    carrier: 'USPS',
    service: 'Ground',
    rate: 9.99,
    estimatedDays: 3,
    zone: 'Domestic',
    ...overrides,
  };
}

/** A sandbox payment intent for two Trail Caps at 22.00 and USPS Ground. */
export function aPaymentIntent(overrides: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  return {
    clientSecret: 'pi_sandbox_secret_1',
    paymentId: '6f1c2b8e-4f5a-4c1e-9a51-0c6e7a3b9d21',
    paymentSecret: 'ps_browser_secret_1',
    processor: 'sandbox',
    testMode: true,
    currency: 'USD',
    items: [{ productId: 1, name: 'Trail Cap', quantity: 2, unitPrice: '22.00', lineTotal: '44.00' }],
    subtotal: '44.00',
    shipping: '9.99',
    total: '53.99',
    shippingMethod: aShippingRate(),
    expiresAt: '2030-04-01T09:30:00.000Z',
    ...overrides,
  };
}
