import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';
import { createTestDatabase } from '@jesus-walks/test-kit/test-database';
import { testEnvSource, testServiceDeps } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { PaymentsDatabase } from '../../db/database';
import { service } from '../../service';

/**
 * Apple's merchant validation over mutual TLS, without the network: a local HTTPS server with a
 * self-signed certificate for apple-pay-gateway.apple.com stands in for Apple, asks for a client
 * certificate and trusts only the merchant certificate; the service's connection (a test hook)
 * sends apple-pay-gateway.apple.com:443 there and trusts that server's certificate.
 */

// A minimal DER encoder: enough for a self-signed X.509 v3 certificate (ECDSA P-256, SHA-256).
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const head =
    length < 0x80
      ? Buffer.from([tag, length])
      : length < 0x100
        ? Buffer.from([tag, 0x81, length])
        : Buffer.from([tag, 0x82, length >> 8, length & 0xff]);
  return Buffer.concat([head, content]);
}
const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
const name = (commonName: string) =>
  sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName, 'utf8')))));
const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));

interface Issued {
  certPem: string;
  keyPem: string;
}

function selfSigned(commonName: string, dnsName: string | null): Issued {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const serial = randomBytes(8);
  // Positive and minimal in DER: a leading 0x00 before a byte under 0x80 is an encoding OpenSSL
  // refuses (about one certificate in 256 failed that way).
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  const now = Date.now();
  const extensions = [
    // basicConstraints: CA (its own trust anchor)
    sequence(oid('2.5.29.19'), der(0x04, sequence(der(0x01, Buffer.from([0xff]))))),
    ...(dnsName
      ? [sequence(oid('2.5.29.17'), der(0x04, sequence(der(0x82, Buffer.from(dnsName, 'ascii')))))]
      : []),
  ];
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaWithSha256,
    name(commonName),
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name(commonName),
    (publicKey as KeyObject).export({ type: 'spki', format: 'der' }),
    der(0xa3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const APPLE_HOST = 'apple-pay-gateway.apple.com';
const VALIDATION_URL = `https://${APPLE_HOST}/paymentservices/startSession`;
const appleSession = {
  epochTimestamp: 1_700_000_000_000,
  expiresAt: 1_700_003_600_000,
  merchantSessionIdentifier: 'SSH0123456789ABCDEF_merchant',
  nonce: '1a2b3c4d',
  merchantIdentifier: '0123456789ABCDEF0123456789ABCDEF',
  domainName: 'shop.example.org',
  displayName: 'Jesus Walks Test',
  signature: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwEAAKCAMIID',
  operationalAnalyticsIdentifier: 'Jesus Walks Test:0123456789ABCDEF',
  retries: 0,
  pspId: '0123456789ABCDEF',
};

interface Received {
  method: string;
  url: string;
  body: unknown;
  authorized: boolean;
  clientSubject: string | undefined;
}

const merchant = selfSigned('merchant.org.example.test', null);
const apple = selfSigned(APPLE_HOST, APPLE_HOST);
const received: Received[] = [];
const connections: Array<{ host: string | undefined; port: number | undefined }> = [];
let appleServer: Server;
let close: (() => Promise<void>) | undefined;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  appleServer = createServer(
    {
      cert: apple.certPem,
      key: apple.keyPem,
      requestCert: true,
      rejectUnauthorized: true,
      ca: merchant.certPem,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const socket = request.socket as TLSSocket;
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          authorized: socket.authorized,
          clientSubject: socket.getPeerCertificate().subject?.CN?.toString(),
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(appleSession));
      });
    },
  );
  await new Promise<void>((resolve) => appleServer.listen(0, '127.0.0.1', resolve));
  const { port: localPort } = appleServer.address() as AddressInfo;

  const database = await createTestDatabase<PaymentsDatabase>({
    schema: service.schema,
    migrations: service.migrations,
  });
  const env = service.loadEnv(
    testEnvSource(database.url, {
      PUBLIC_ORIGIN: 'https://shop.example.org',
      APPLE_PAY_MERCHANT_ID: 'merchant.org.example.test',
      APPLE_PAY_DISPLAY_NAME: 'Jesus Walks Test',
      // As the environment carries them: line breaks as '\n'.
      APPLE_PAY_CERTIFICATE_PEM: merchant.certPem.replace(/\n/g, '\\n'),
      APPLE_PAY_KEY_PEM: merchant.keyPem.replace(/\n/g, '\\n'),
    }),
  );
  app = await buildApp(env, testServiceDeps(database.db, service.schema), {
    applePayConnect: (options) => {
      connections.push({ host: options.host, port: options.port });
      if (options.host !== APPLE_HOST || Number(options.port) !== 443) {
        throw new Error(`No stand-in for ${options.host}:${options.port}`);
      }
      // The request's own options (the merchant certificate and key) to the local stand-in,
      // checked against its certificate under Apple's host name.
      return connect({
        ...options,
        host: '127.0.0.1',
        port: localPort,
        servername: APPLE_HOST,
        ca: apple.certPem,
      });
    },
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.destroy().catch(() => {});
  };
});
afterAll(async () => {
  await close?.();
  await new Promise((resolve) => appleServer?.close(resolve));
});

describe("validate-merchant against Apple's server (a local stand-in, mutual TLS)", () => {
  it('answers the merchant session as Apple sent it, asked with our identity and certificate', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/apple-pay/validate-merchant',
      payload: { validationURL: VALIDATION_URL, domainName: 'shop.example.org' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(appleSession);
    expect(connections.at(-1)).toEqual({ host: APPLE_HOST, port: 443 });
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      method: 'POST',
      url: '/paymentservices/startSession',
      body: {
        merchantIdentifier: 'merchant.org.example.test',
        displayName: 'Jesus Walks Test',
        initiative: 'web',
        initiativeContext: 'shop.example.org',
      },
      authorized: true,
      clientSubject: 'merchant.org.example.test',
    });
  });

  it('asks for the registered domain, whatever the browser says', async () => {
    const before = received.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/apple-pay/validate-merchant',
      payload: { validationURL: VALIDATION_URL, domainName: 'evil.example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(received[before]?.body).toMatchObject({ initiativeContext: 'shop.example.org' });
  });

  it('refuses a validation URL that is not an Apple server before any connection', async () => {
    const before = { connections: connections.length, received: received.length };
    const response = await app.inject({
      method: 'POST',
      url: '/api/apple-pay/validate-merchant',
      payload: {
        validationURL: 'https://127.0.0.1/paymentservices/startSession',
        domainName: 'shop.example.org',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(connections).toHaveLength(before.connections);
    expect(received).toHaveLength(before.received);
  });
});
