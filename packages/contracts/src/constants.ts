/**
 * Values shared by the services and the browser that need no schema. They live apart from the
 * route contracts so that a page can use them without loading Zod with its first scripts.
 */

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
