/**
 * The sandbox's hosted crypto charge page (/crypto/sandbox/:code) is paid only by the browser that
 * started the checkout: the checkout hands it the payment's secret in the URL's fragment, which a
 * browser never sends to any server (nor in a Referer), and the page sends it back when the payer
 * completes or expires the charge. A provider's own page (Coinbase, Stripe) never gets it.
 */
const SECRET_PARAMETER = 'secret';

/** The URL the checkout opens for a charge: our own hosted page carries the secret in its fragment. */
export function hostedChargeUrl(paymentUrl: string, paymentSecret: string): string {
  if (!paymentUrl.startsWith('/') || paymentUrl.startsWith('//')) return paymentUrl;
  const fragment = new URLSearchParams({ [SECRET_PARAMETER]: paymentSecret }).toString();
  return `${paymentUrl.split('#')[0]}#${fragment}`;
}

/** The payment's secret from the hosted page's fragment ('#secret=...'), or '' when it has none. */
export function paymentSecretOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SECRET_PARAMETER) ?? '';
}
