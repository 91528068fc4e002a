import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local Coinbase Commerce API (node:http on the loopback) for tests: the SDK is pointed at it with
 * `Client.init(key, baseUrl)`. It speaks what this project uses: POST /charges, GET /charges/:code
 * (by code or id), X-CC-Api-Key authentication, `{ data }` envelopes and `{ error: { type, message } }`.
 * Tests move a charge along its timeline and get webhook bodies signed as Coinbase signs them.
 */
export interface FakeCoinbaseCharge {
  id: string;
  resource: 'charge';
  code: string;
  name: string;
  description: string;
  hosted_url: string;
  created_at: string;
  expires_at: string;
  pricing_type: string;
  metadata: Record<string, unknown>;
  pricing: Record<string, { amount: string; currency: string }>;
  addresses: Record<string, string>;
  timeline: { time: string; status: string }[];
  payments: unknown[];
}

export interface FakeCoinbaseServer {
  url: string;
  apiKey: string;
  webhookSecret: string;
  charges: Map<string, FakeCoinbaseCharge>;
  requests: { method: string; path: string; body: unknown }[];
  /** Appends a status to a charge's timeline (COMPLETED, EXPIRED, ...). */
  setStatus(code: string, status: string): FakeCoinbaseCharge;
  /** A webhook body for the charge and its X-CC-Webhook-Signature. */
  signedEvent(type: string, code: string, secret?: string): { body: string; signature: string; id: string };
  close(): Promise<void>;
}

/** USD per coin the fake prices charges with. */
const usdPerCoin: Record<string, { currency: string; usd: number }> = {
  bitcoin: { currency: 'BTC', usd: 95_000 },
  ethereum: { currency: 'ETH', usd: 3_400 },
  usdc: { currency: 'USDC', usd: 1 },
  litecoin: { currency: 'LTC', usd: 95 },
};

export async function startFakeCoinbaseServer(
  options: { apiKey?: string; webhookSecret?: string } = {},
): Promise<FakeCoinbaseServer> {
  const apiKey = options.apiKey ?? 'fake-coinbase-api-key';
  const webhookSecret = options.webhookSecret ?? 'fake-coinbase-webhook-secret';
  const charges = new Map<string, FakeCoinbaseCharge>();
  const requests: FakeCoinbaseServer['requests'] = [];

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': randomUUID() });
    response.end(JSON.stringify(body));
  }
  const error = (type: string, message: string) => ({ error: { type, message } });

  function find(idOrCode: string): FakeCoinbaseCharge | undefined {
    return charges.get(idOrCode) ?? [...charges.values()].find((charge) => charge.id === idOrCode);
  }

  function createCharge(body: Record<string, unknown>): FakeCoinbaseCharge | string {
    const localPrice = body.local_price as { amount?: unknown; currency?: unknown } | undefined;
    if (body.pricing_type !== 'fixed_price') return 'pricing_type must be fixed_price here';
    if (typeof body.name !== 'string' || body.name === '') return 'name is required';
    const amount = Number(localPrice?.amount);
    if (!Number.isFinite(amount) || amount <= 0 || localPrice?.currency !== 'USD') {
      return 'local_price must be a positive USD amount';
    }
    const code = randomBytes(4).toString('hex').toUpperCase();
    const now = new Date();
    const pricing: FakeCoinbaseCharge['pricing'] = {
      local: { amount: amount.toFixed(2), currency: 'USD' },
    };
    const addresses: Record<string, string> = {};
    for (const [coin, price] of Object.entries(usdPerCoin)) {
      pricing[coin] = { amount: (amount / price.usd).toFixed(8), currency: price.currency };
      addresses[coin] = `${coin}-${randomBytes(10).toString('hex')}`;
    }
    const charge: FakeCoinbaseCharge = {
      id: randomUUID(),
      resource: 'charge',
      code,
      name: body.name,
      description: typeof body.description === 'string' ? body.description : '',
      hosted_url: `https://commerce.coinbase.com/charges/${code}`,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 60 * 60_000).toISOString(),
      pricing_type: 'fixed_price',
      metadata: (body.metadata as Record<string, unknown>) ?? {},
      pricing,
      addresses,
      timeline: [{ time: now.toISOString(), status: 'NEW' }],
      payments: [],
    };
    charges.set(code, charge);
    return charge;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/+/, '/');
    let body: unknown = null;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(response, 400, error('invalid_request', 'The body is not JSON'));
      }
    }
    requests.push({ method: request.method ?? 'GET', path, body });
    if (request.headers['x-cc-api-key'] !== apiKey) {
      return send(response, 401, error('authentication_error', 'No such API key.'));
    }
    if (request.method === 'POST' && path === '/charges') {
      const created = createCharge((body ?? {}) as Record<string, unknown>);
      if (typeof created === 'string') return send(response, 400, error('validation_error', created));
      return send(response, 201, { data: created });
    }
    const match = /^\/charges\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match?.[1]) {
      const charge = find(decodeURIComponent(match[1]));
      if (!charge) return send(response, 404, error('not_found', 'Not found'));
      return send(response, 200, { data: charge });
    }
    return send(response, 404, error('not_found', `No route ${request.method} ${path}`));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      send(response, 500, error('internal_server_error', String(failure)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake Coinbase is not listening');

  return {
    url: `http://127.0.0.1:${address.port}/`,
    apiKey,
    webhookSecret,
    charges,
    requests,
    setStatus(code, status) {
      const charge = charges.get(code);
      if (!charge) throw new Error(`No fake charge ${code}`);
      charge.timeline.push({ time: new Date().toISOString(), status });
      return charge;
    },
    signedEvent(type, code, secret = webhookSecret) {
      const charge = charges.get(code);
      if (!charge) throw new Error(`No fake charge ${code}`);
      const id = randomUUID();
      const body = JSON.stringify({
        id: randomUUID(),
        scheduled_for: new Date().toISOString(),
        attempt_number: 1,
        event: {
          id,
          resource: 'event',
          type,
          api_version: '2018-03-22',
          created_at: new Date().toISOString(),
          data: charge,
        },
      });
      return { body, signature: createHmac('sha256', secret).update(body, 'utf8').digest('hex'), id };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
