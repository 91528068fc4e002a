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

/**
 * Whether an answer is a page (a document), which gets the full set of security headers: what it
 * is, never what its address looks like. A ticket's address ends in its token
 * (`/tickets/1.1795852386.CciY...`), which read like a file's extension one time in four, and the
 * page then came with the API's policy and could load none of its scripts. A 304 is neither: it
 * would overwrite the headers the browser keeps with the page.
 */
export function answerKind(
  statusCode: number,
  contentType: unknown,
): 'document' | 'resource' | 'not-modified' {
  if (statusCode === 304) return 'not-modified';
  return typeof contentType === 'string' && contentType.startsWith('text/html') ? 'document' : 'resource';
}
