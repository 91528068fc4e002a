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
