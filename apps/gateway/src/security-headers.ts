/**
 * Content Security Policy: our own origin, plus exactly the payment providers' scripts, frames and
 * APIs that the checkout loads (Stripe, Square, Google Pay, Apple Pay, Coinbase Commerce).
 */
export function contentSecurityPolicy(publicOrigin: string) {
  const https = publicOrigin.startsWith('https:');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: [
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://web.squarecdn.com',
        'https://sandbox.web.squarecdn.com',
        'https://pay.google.com',
        'https://applepay.cdn-apple.com',
        'https://commerce.coinbase.com',
      ],
      frameSrc: [
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
        'https://web.squarecdn.com',
        'https://sandbox.web.squarecdn.com',
        'https://pay.google.com',
        'https://commerce.coinbase.com',
      ],
      connectSrc: [
        "'self'",
        'https://api.stripe.com',
        'https://pci-connect.squareup.com',
        'https://pci-connect.squareupsandbox.com',
        'https://pay.google.com',
        'https://api.commerce.coinbase.com',
      ],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // Radix positions popovers and the providers' fields with inline styles.
      styleSrc: [
        "'self'",
        "'unsafe-inline'",
        'https://web.squarecdn.com',
        'https://sandbox.web.squarecdn.com',
      ],
      fontSrc: [
        "'self'",
        'data:',
        'https://square-fonts-production-f.squarecdn.com',
        'https://d1g145x70srn7h.cloudfront.net',
      ],
      workerSrc: ["'self'", 'blob:'],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Headers for what is not a page: API answers, assets, health, sitemap. A document's policy,
 * framing, opener and referrer headers mean nothing on them and cost about 1.3 KB on every answer
 * (a third of `/api/products`). What stays follows OWASP's REST guidance: no sniffing, no reading
 * from another origin, and a policy that lets nothing run or frame the answer if it is ever
 * opened as a page.
 */
export function resourceHeaders(publicOrigin: string): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(publicOrigin.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** Whether a request is for a page (a document), which gets the full set of security headers. */
export function isDocumentRequest(url: string): boolean {
  // The API's documentation is a page (its files are files).
  if (url === '/api/docs' || url.startsWith('/api/docs?')) return true;
  if (url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/health')) return false;
  const path = url.split('?', 1)[0] ?? url;
  // Files have an extension (/images/x.svg, /sitemap.xml, /robots.txt, /favicon.svg); pages do not.
  return !/\.[A-Za-z0-9]+$/.test(path) || path.endsWith('.html');
}
