/**
 * Values shared by the services and the browser that need no schema. They live apart from the
 * route contracts so that a page can use them without loading Zod with its first scripts.
 */

/**
 * The valley's time zone (the Napa Valley): the walks' dates and times, the group's days (order
 * filters, per-day figures) and every time an e-mail or the admin states are on its clock.
 */
export const VALLEY_TIME_ZONE = 'America/Los_Angeles';

/**
 * A cookie readable by the page, set at login and cleared at logout: it says only that a session
 * may exist, so visitors' pages need not ask GET /api/auth/me (and log a 401) on every load.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** Shipped with the web app: shown for a product without an image or whose image fails to load. */
export const DEFAULT_PRODUCT_IMAGE_URL = '/images/products/vineyard-default.svg';

/** The header that makes a retried registration return the first answer instead of a duplicate. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** identity's session cookie (httpOnly): what the gateway resolves into the caller's identity. */
export const SESSION_COOKIE_NAME = 'sid';

/** The thin banner on every page while the site takes no real payments (CheckoutConfig.testMode). */
export const TEST_MODE_BANNER = 'Test mode: no real payments are taken';

/** The walks' calendar feed (eventRoutes.calendarFeed), subscribed to as webcal://<host>/events.ics. */
export const CALENDAR_FEED_PATH = '/events.ics';

/** One walk's .ics file (eventRoutes.walkCalendar), a plain download link on the walk's page. */
export const WALK_CALENDAR_PATH = '/api/events/:id/calendar.ics';

/**
 * The most people one registration brings, the registrant included (decision 041): a family, not a
 * coach party. Seats, the waitlist and a paid walk's checkout count each of them.
 */
export const PARTY_MAX_SIZE = 8;

/**
 * How long a calendar shows a walk that does not say how long it takes (most take a morning): the
 * .ics files and the web's Google Calendar link agree.
 */
export const DEFAULT_WALK_DURATION_MINUTES = 180;

/**
 * A walk's meeting point in the phone's maps app: its coordinates, or the place's name as a search
 * when there are none. Google's documented cross-platform Maps URL is one link for everyone: it
 * opens the Google Maps app on Android and on an iPhone that has it, and Google Maps in the browser
 * anywhere else; Apple's maps.apple.com links open an app only on Apple devices. The walk's page,
 * its structured data and the reminder e-mails all use this one.
 */
export function walkMapUrl(place: { latitude: number; longitude: number } | string): string {
  const query = typeof place === 'string' ? place : `${place.latitude},${place.longitude}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
