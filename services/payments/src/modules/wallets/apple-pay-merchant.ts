import type { ClientRequestArgs } from 'node:http';
import { request } from 'node:https';
import type { Duplex } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import { badRequest, DomainError } from '@jesus-walks/service-kit/errors';

export interface ApplePayMerchantIdentity {
  merchantId: string;
  certificatePem: string;
  keyPem: string;
  displayName: string;
}

/** Apple's payment servers only: https and a host under apple.com (apple-pay-gateway.apple.com, ...). */
export function checkValidationUrl(validationURL: string): URL {
  let url: URL;
  try {
    url = new URL(validationURL);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'https:' || !url.hostname.endsWith('.apple.com') || url.username || url.password) {
    throw invalidUrl();
  }
  return url;
}

function invalidUrl() {
  return badRequest("The validation URL must be one of Apple's Apple Pay servers (https, *.apple.com)", [
    { path: ['body', 'validationURL'], message: 'Not an Apple Pay server' },
  ]);
}

/**
 * Opens the TLS connection to Apple's server in place of node:https (the request's options: host,
 * port, the merchant certificate and key; no servername). Tests only: a local server stands in for
 * Apple; production leaves it unset and connects to the validation URL's host.
 */
export type MerchantConnect = (options: ConnectionOptions) => Duplex;

/** Environment values often carry a PEM's line breaks as '\n'. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

/**
 * Asks Apple for a merchant session (Apple Pay on the web, "Requesting an Apple Pay payment
 * session"): a POST to the validation URL over TLS with our merchant identity certificate. The
 * session is opaque; the browser hands it to completeMerchantValidation as it is.
 */
export function requestMerchantSession(
  identity: ApplePayMerchantIdentity,
  url: URL,
  domainName: string,
  options: { timeoutMs?: number; connect?: MerchantConnect | undefined } = {},
): Promise<Record<string, unknown>> {
  const body = JSON.stringify({
    merchantIdentifier: identity.merchantId,
    displayName: identity.displayName,
    initiative: 'web',
    initiativeContext: domainName,
  });
  const { timeoutMs = 10_000, connect } = options;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        cert: pem(identity.certificatePem),
        key: pem(identity.keyPem),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
        // No agent: node:https then opens each connection with createConnection.
        ...(connect
          ? {
              agent: undefined,
              defaultPort: 443,
              createConnection: (args: ClientRequestArgs) => connect(args as ConnectionOptions),
            }
          : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (!response.statusCode || response.statusCode >= 300) {
            reject(
              new DomainError(
                'upstream_error',
                `Apple refused the merchant validation (${response.statusCode})`,
              ),
            );
            return;
          }
          try {
            resolve(JSON.parse(text) as Record<string, unknown>);
          } catch {
            reject(
              new DomainError('upstream_error', 'Apple answered the merchant validation with no session'),
            );
          }
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('Apple Pay merchant validation timed out')));
    outgoing.on('error', (error) =>
      reject(
        new DomainError('upstream_error', 'Apple Pay merchant validation failed', undefined, {
          cause: error,
        }),
      ),
    );
    outgoing.end(body);
  });
}
