import { randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOOGLE_TOKEN_URL } from '../modules/search-console/search-console.client';

/**
 * A local stand-in for Google's OAuth token endpoint and the Search Console API (webmasters v3),
 * speaking their HTTP: the service account's JWT bearer exchange (RS256 signature checked against
 * the account's public key, issuer, audience, scope and lifetime), searchanalytics.query by
 * dimension and date range, and sitemaps.submit. In 'expired-key' mode the token endpoint answers
 * as Google does for a deleted or expired key: 400 invalid_grant.
 */

export interface FakeDay {
  date: string;
  clicks: number;
  impressions: number;
  position: number;
}

export interface FakeKeyedRow {
  key: string;
  clicks: number;
  impressions: number;
  position: number;
}

export interface FakeGoogleOptions {
  clientEmail: string;
  /** PEM public key of the service account: assertions must be signed by its private key. */
  publicKey: string;
  /** The property the account may access. */
  siteUrl: string;
  days?: FakeDay[];
  pages?: FakeKeyedRow[];
  queries?: FakeKeyedRow[];
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeGoogle {
  url: string;
  tokenUrl: string;
  mode: 'ok' | 'expired-key';
  /** Every request, token exchanges included, in order. */
  calls: RecordedCall[];
  /** Sitemaps submitted (their feed paths). */
  submittedSitemaps: string[];
  close(): Promise<void>;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

function send(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function googleError(response: ServerResponse, status: number, message: string, reason: string) {
  send(response, status, { error: { code: status, message, status: reason } });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const decodePart = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checks the assertion as Google does; answers the reason it is refused, or null. */
function refuseAssertion(assertion: string, options: FakeGoogleOptions): string | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return 'Invalid JWT.';
  let claims: Record<string, unknown>;
  try {
    if (decodePart(header).alg !== 'RS256') return 'Invalid JWT: alg must be RS256.';
    claims = decodePart(payload);
  } catch {
    return 'Invalid JWT.';
  }
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    options.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'Invalid JWT Signature.';
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== options.clientEmail) return 'Invalid issuer.';
  if (claims.aud !== GOOGLE_TOKEN_URL) return 'Invalid JWT: audience.';
  if (
    typeof claims.scope !== 'string' ||
    !claims.scope.includes('https://www.googleapis.com/auth/webmasters')
  )
    return 'Invalid scope.';
  if (
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number' ||
    claims.exp <= now ||
    claims.iat > now + 60
  )
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  return null;
}

function rowsFor(options: FakeGoogleOptions, body: Record<string, unknown>) {
  const { startDate, endDate } = body as { startDate?: string; endDate?: string };
  const dimensions = (body.dimensions as string[] | undefined) ?? [];
  const rowLimit = typeof body.rowLimit === 'number' ? body.rowLimit : 1000;
  const days = (options.days ?? []).filter(
    (day) => (!startDate || day.date >= startDate) && (!endDate || day.date <= endDate),
  );
  const ctr = (clicks: number, impressions: number) => (impressions === 0 ? 0 : clicks / impressions);
  if (dimensions.length === 0) {
    if (days.length === 0) return [];
    const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
    const impressions = days.reduce((sum, day) => sum + day.impressions, 0);
    const position =
      days.reduce((sum, day) => sum + day.position * day.impressions, 0) / Math.max(impressions, 1);
    return [{ clicks, impressions, ctr: ctr(clicks, impressions), position }];
  }
  const dimension = dimensions[0];
  const keyed =
    dimension === 'date'
      ? days.map((day) => ({ ...day, key: day.date }))
      : dimension === 'page'
        ? (options.pages ?? [])
        : (options.queries ?? []);
  return keyed.slice(0, rowLimit).map((row) => ({
    keys: [row.key],
    clicks: row.clicks,
    impressions: row.impressions,
    ctr: ctr(row.clicks, row.impressions),
    position: row.position,
  }));
}

export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
  const tokens = new Set<string>();
  const calls: RecordedCall[] = [];
  const submittedSitemaps: string[] = [];
  const fake = { mode: 'ok' as FakeGoogle['mode'] };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = await readBody(request);
    const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    const body: unknown =
      text === '' ? undefined : isForm ? Object.fromEntries(new URLSearchParams(text)) : safeJson(text);
    calls.push({ method: request.method ?? 'GET', path: url.pathname, body });

    if (request.method === 'POST' && url.pathname === '/token') {
      const form = (body ?? {}) as Record<string, string>;
      if (form.grant_type !== JWT_BEARER) {
        return send(response, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Invalid grant_type.',
        });
      }
      if (fake.mode === 'expired-key') {
        return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const refused = refuseAssertion(form.assertion ?? '', options);
      if (refused) return send(response, 400, { error: 'invalid_grant', error_description: refused });
      const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return send(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return googleError(response, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }
    const site = /^\/webmasters\/v3\/sites\/([^/]+)(\/.*)$/.exec(url.pathname);
    const siteUrl = site?.[1] ? decodeURIComponent(site[1]) : undefined;
    const rest = site?.[2] ?? '';
    if (!siteUrl) return googleError(response, 404, 'Not Found', 'NOT_FOUND');
    if (siteUrl !== options.siteUrl) {
      return googleError(
        response,
        403,
        `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
        'PERMISSION_DENIED',
      );
    }
    if (request.method === 'POST' && rest === '/searchAnalytics/query') {
      const query = (body ?? {}) as Record<string, unknown>;
      if (typeof query.startDate !== 'string' || typeof query.endDate !== 'string') {
        return googleError(response, 400, 'startDate and endDate are required.', 'INVALID_ARGUMENT');
      }
      return send(response, 200, { rows: rowsFor(options, query), responseAggregationType: 'byProperty' });
    }
    const sitemap = /^\/sitemaps\/(.+)$/.exec(rest);
    if (request.method === 'PUT' && sitemap?.[1]) {
      submittedSitemaps.push(decodeURIComponent(sitemap[1]));
      return send(response, 204);
    }
    return googleError(response, 404, 'Not Found', 'NOT_FOUND');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/token`,
    get mode() {
      return fake.mode;
    },
    set mode(mode) {
      fake.mode = mode;
    },
    calls,
    submittedSitemaps,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
