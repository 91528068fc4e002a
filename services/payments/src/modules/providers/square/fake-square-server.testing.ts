import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for connect.squareup.com that the real SDK talks to (`apiBaseUrl: fake.url`):
 * the Payments and Refunds endpoints the adapter uses (POST /v2/payments, GET /v2/payments/{id},
 * POST /v2/refunds), with Square's request format (snake_case JSON, `Authorization: Bearer ...`,
 * `idempotency_key` in the body), Square's object shapes and its error shape
 * `{ errors: [{ category, code, detail, field? }] }`.
 *
 * Sandbox test tokens, as Square's sandbox takes them: 'cnon:card-nonce-ok' is charged;
 * 'cnon:card-nonce-declined' fails with CARD_DECLINED (the failed payment is kept, as Square does);
 * any other token is unknown. Strict where Square is: a wrong token is 401, a location other than
 * the fake's is refused, a field the fake does not implement is refused (a test never passes on a
 * setting that was silently ignored), a reused idempotency key with another body is
 * IDEMPOTENCY_KEY_REUSED.
 */

export const SQUARE_TEST_NONCES = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
} as const;

export interface FakeSquareRequest {
  method: string;
  path: string;
  headers: {
    authorization: string | undefined;
    squareVersion: string | undefined;
    contentType: string | undefined;
  };
  body: unknown;
  rawBody: string;
  /** What the fake answered. */
  status: number;
}

export interface FakeSquareMoney {
  amount: number;
  currency: string;
}

export interface FakeSquarePayment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: FakeSquareMoney;
  total_money: FakeSquareMoney;
  approved_money: FakeSquareMoney;
  refunded_money?: FakeSquareMoney;
  refund_ids?: string[];
  status: 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  delay_duration: string;
  delay_action: 'CANCEL';
  source_type: 'CARD';
  card_details: {
    status: 'CAPTURED' | 'AUTHORIZED' | 'FAILED';
    card: {
      card_brand: 'VISA';
      last_4: string;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      card_type: 'CREDIT';
      prepaid_type: 'NOT_PREPAID';
      bin: string;
    };
    entry_method: 'KEYED';
    cvv_status: 'CVV_ACCEPTED' | 'CVV_REJECTED';
    avs_status: 'AVS_ACCEPTED';
    statement_description: string;
    card_payment_timeline: { authorized_at: string; captured_at?: string };
  };
  location_id: string;
  order_id: string;
  reference_id?: string;
  note?: string;
  risk_evaluation: { created_at: string; risk_level: 'NORMAL' };
  buyer_email_address?: string;
  receipt_number: string;
  receipt_url: string;
  application_details: { square_product: 'ECOMMERCE_API'; application_id: string };
  version_token: string;
}

export interface FakeSquareRefund {
  id: string;
  status: 'PENDING' | 'COMPLETED';
  amount_money: FakeSquareMoney;
  payment_id: string;
  order_id: string;
  location_id: string;
  reason?: string;
  created_at: string;
  updated_at: string;
}

/** An event as Square posts it to a webhook subscription's notification URL. */
export interface SquareTestEvent {
  merchant_id: string;
  type: string;
  event_id: string;
  created_at: string;
  data: { type: 'payment' | 'refund'; id: string; object: Record<string, unknown> };
}

export interface FakeSquareServer {
  /** The base URL to give the adapter: 'http://127.0.0.1:<port>'. */
  readonly url: string;
  /** The only access token the fake accepts. */
  readonly accessToken: string;
  readonly locationId: string;
  readonly applicationId: string;
  /** Every request received, in order, including refused ones. */
  readonly requests: FakeSquareRequest[];
  /** The payment as the fake holds it now (a copy). */
  payment(id: string): FakeSquarePayment;
  /** Payments created with this reference_id (copies), oldest first: failed attempts included. */
  paymentsFor(referenceId: string): FakeSquarePayment[];
  /** Refunds of the payment (copies), oldest first. */
  refunds(paymentId: string): FakeSquareRefund[];
  /** Square settles a refund: PENDING -> COMPLETED. */
  completeRefund(refundId: string): FakeSquareRefund;
  /** A `payment.updated` (or other payment.*) event about the payment as it is now. */
  paymentEvent(type: string, paymentId: string, options?: { eventId?: string }): SquareTestEvent;
  /** A `refund.updated` (or refund.created) event about the refund as it is now. */
  refundEvent(type: string, refundId: string, options?: { eventId?: string }): SquareTestEvent;
  close(): Promise<void>;
}

/**
 * Signs a webhook body as Square does: base64 HMAC-SHA256, keyed with the subscription's signature
 * key, over the notification URL followed by the exact body. Send `body` unchanged with
 * `x-square-hmacsha256-signature: signature`.
 */
export function signSquareWebhook(
  payload: object | string,
  signatureKey: string,
  notificationUrl: string,
): { body: string; signature: string } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const signature = createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');
  return { body, signature };
}

interface SquareErrorDetail {
  category: string;
  code: string;
  detail: string;
  field?: string;
}

interface Answer {
  status: number;
  body: unknown;
  /** Square keeps the answer of a request that ran (success or a card error), not of a malformed one. */
  saveIdempotent: boolean;
}

class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super('refused');
  }
}

const MERCHANT_ID = 'MLFAKESQUAREMERCHANT';

export async function startFakeSquareServer(
  options: { accessToken?: string; locationId?: string; applicationId?: string } = {},
): Promise<FakeSquareServer> {
  const accessToken = options.accessToken ?? 'EAAAfake-square-access-token';
  const locationId = options.locationId ?? 'LFAKESQUARELOCATION';
  const applicationId = options.applicationId ?? 'sandbox-sq0idb-fake-application';
  const requests: FakeSquareRequest[] = [];
  const payments = new Map<string, FakeSquarePayment>();
  const refunds = new Map<string, FakeSquareRefund>();
  const idempotent = new Map<string, { path: string; rawBody: string; status: number; body: string }>();

  function paymentOrThrow(id: string): FakeSquarePayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The fake Square has no payment ${id}`);
    return payment;
  }

  function refundOrThrow(id: string): FakeSquareRefund {
    const refund = refunds.get(id);
    if (!refund) throw new Error(`The fake Square has no refund ${id}`);
    return refund;
  }

  function createPayment(body: Record<string, unknown>): Answer {
    refuseUnknownFields(body, [
      'source_id',
      'idempotency_key',
      'amount_money',
      'autocomplete',
      'location_id',
      'reference_id',
      'verification_token',
      'note',
      'buyer_email_address',
    ]);
    const sourceId = requiredString(body, 'source_id', 1, 512);
    requiredString(body, 'idempotency_key', 1, 45);
    const money = moneyField(body, 'amount_money');
    const location = optionalString(body, 'location_id', 1, 32) ?? locationId;
    const referenceId = optionalString(body, 'reference_id', 1, 40);
    const note = optionalString(body, 'note', 1, 500);
    optionalString(body, 'verification_token', 1, 2000);
    const autocomplete = body.autocomplete ?? true;
    if (typeof autocomplete !== 'boolean') throw invalid('autocomplete', 'Expected a boolean value.');
    if (location !== locationId) {
      throw new Refusal({
        status: 404,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: `Location \`${location}\` not found.`,
          field: 'location_id',
        }),
        saveIdempotent: false,
      });
    }
    if (sourceId !== SQUARE_TEST_NONCES.ok && sourceId !== SQUARE_TEST_NONCES.declined) {
      return {
        status: 404,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: 'Card nonce not found in this `sandbox` application environment.',
        }),
        saveIdempotent: true,
      };
    }
    const declined = sourceId === SQUARE_TEST_NONCES.declined;
    const now = new Date().toISOString();
    const payment: FakeSquarePayment = {
      id: squareId(),
      created_at: now,
      updated_at: now,
      amount_money: money,
      total_money: money,
      approved_money: declined ? { amount: 0, currency: money.currency } : money,
      status: declined ? 'FAILED' : autocomplete ? 'COMPLETED' : 'APPROVED',
      delay_duration: 'PT168H',
      delay_action: 'CANCEL',
      source_type: 'CARD',
      card_details: {
        status: declined ? 'FAILED' : autocomplete ? 'CAPTURED' : 'AUTHORIZED',
        card: {
          card_brand: 'VISA',
          last_4: '1111',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
          fingerprint: `sq-1-${randomAlphanumeric(40)}`,
          card_type: 'CREDIT',
          prepaid_type: 'NOT_PREPAID',
          bin: '411111',
        },
        entry_method: 'KEYED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
        statement_description: 'SQ *DEFAULT TEST ACCOUNT',
        card_payment_timeline: {
          authorized_at: now,
          ...(autocomplete && !declined ? { captured_at: now } : {}),
        },
      },
      location_id: locationId,
      order_id: randomAlphanumeric(29),
      ...(referenceId === undefined ? {} : { reference_id: referenceId }),
      ...(note === undefined ? {} : { note }),
      risk_evaluation: { created_at: now, risk_level: 'NORMAL' },
      receipt_number: '',
      receipt_url: '',
      application_details: { square_product: 'ECOMMERCE_API', application_id: applicationId },
      version_token: randomAlphanumeric(43),
    };
    payment.receipt_number = payment.id.slice(0, 4);
    payment.receipt_url = `https://squareupsandbox.com/receipt/preview/${payment.id}`;
    payments.set(payment.id, payment);
    if (declined) {
      return {
        status: 400,
        body: {
          ...errorsBody({
            category: 'PAYMENT_METHOD_ERROR',
            code: 'CARD_DECLINED',
            detail: "Authorization error: 'CARD_DECLINED'",
          }),
          payment,
        },
        saveIdempotent: true,
      };
    }
    return { status: 200, body: { payment }, saveIdempotent: true };
  }

  function getPayment(id: string): Answer {
    const payment = payments.get(id);
    if (!payment) {
      return {
        status: 404,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: `Could not find payment with id: ${id}`,
        }),
        saveIdempotent: false,
      };
    }
    return { status: 200, body: { payment }, saveIdempotent: false };
  }

  function refundPayment(body: Record<string, unknown>): Answer {
    refuseUnknownFields(body, ['idempotency_key', 'amount_money', 'payment_id', 'reason']);
    requiredString(body, 'idempotency_key', 1, 45);
    const money = moneyField(body, 'amount_money');
    const paymentId = requiredString(body, 'payment_id', 1, 192);
    const reason = optionalString(body, 'reason', 0, 192);
    const payment = payments.get(paymentId);
    if (!payment) {
      return {
        status: 404,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: `Payment \`${paymentId}\` not found.`,
        }),
        saveIdempotent: true,
      };
    }
    if (payment.status !== 'COMPLETED') {
      return {
        status: 400,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'BAD_REQUEST',
          detail: `Payment \`${paymentId}\` is not completed (status ${payment.status}); only completed payments can be refunded.`,
        }),
        saveIdempotent: true,
      };
    }
    const refunded = payment.refunded_money?.amount ?? 0;
    if (money.amount > payment.total_money.amount - refunded) {
      return {
        status: 400,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'REFUND_AMOUNT_INVALID',
          detail: 'The requested refund amount exceeds the amount available to refund.',
          field: 'amount_money.amount',
        }),
        saveIdempotent: true,
      };
    }
    const now = new Date().toISOString();
    const refund: FakeSquareRefund = {
      id: `${paymentId}_${randomAlphanumeric(24)}`,
      status: 'PENDING',
      amount_money: money,
      payment_id: paymentId,
      order_id: payment.order_id,
      location_id: payment.location_id,
      ...(reason ? { reason } : {}),
      created_at: now,
      updated_at: now,
    };
    refunds.set(refund.id, refund);
    payment.refunded_money = { amount: refunded + money.amount, currency: money.currency };
    payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
    payment.updated_at = now;
    return { status: 200, body: { refund }, saveIdempotent: true };
  }

  function route(method: string, path: string, body: unknown): Answer {
    try {
      if (method === 'POST' && (path === '/v2/payments' || path === '/v2/refunds')) {
        if (!isObject(body)) throw invalid('', 'The request body must be a JSON object.');
        return path === '/v2/payments' ? createPayment(body) : refundPayment(body);
      }
      const paymentPath = /^\/v2\/payments\/([^/]+)$/.exec(path);
      if (method === 'GET' && paymentPath?.[1]) return getPayment(decodeURIComponent(paymentPath[1]));
      return {
        status: 404,
        body: errorsBody({
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: `The fake Square server speaks only what the adapter uses, not ${method} ${path}.`,
        }),
        saveIdempotent: false,
      };
    } catch (error) {
      if (error instanceof Refusal) return error.answer;
      throw error;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake-square');
    const method = request.method ?? 'GET';
    const recorded: FakeSquareRequest = {
      method,
      path: url.pathname,
      headers: {
        authorization: header(request, 'authorization'),
        squareVersion: header(request, 'square-version'),
        contentType: header(request, 'content-type'),
      },
      body: undefined,
      rawBody,
      status: 0,
    };
    requests.push(recorded);
    const send = (status: number, body: string): void => {
      recorded.status = status;
      response.writeHead(status, { 'Content-Type': 'application/json', 'Square-Version': '2026-09-16' });
      response.end(body);
    };

    if (recorded.headers.authorization !== `Bearer ${accessToken}`) {
      send(
        401,
        JSON.stringify(
          errorsBody({
            category: 'AUTHENTICATION_ERROR',
            code: 'UNAUTHORIZED',
            detail: 'This request could not be authorized.',
          }),
        ),
      );
      return;
    }
    if (method === 'POST') {
      try {
        recorded.body = JSON.parse(rawBody);
      } catch {
        send(
          400,
          JSON.stringify(
            errorsBody({
              category: 'INVALID_REQUEST_ERROR',
              code: 'INVALID_CONTENT_TYPE',
              detail: 'Invalid JSON.',
            }),
          ),
        );
        return;
      }
    }

    // Square keeps a request's answer under its idempotency key: the same request again gets the
    // same answer, another request with the key is refused.
    const key =
      method === 'POST' && isObject(recorded.body) && typeof recorded.body.idempotency_key === 'string'
        ? recorded.body.idempotency_key
        : undefined;
    const saved = key === undefined ? undefined : idempotent.get(`${url.pathname} ${key}`);
    if (saved) {
      if (saved.rawBody !== rawBody) {
        send(
          400,
          JSON.stringify(
            errorsBody({
              category: 'INVALID_REQUEST_ERROR',
              code: 'IDEMPOTENCY_KEY_REUSED',
              detail: 'The idempotency key can only be retried with the same request data.',
              field: 'idempotency_key',
            }),
          ),
        );
        return;
      }
      send(saved.status, saved.body);
      return;
    }
    const answer = route(method, url.pathname, recorded.body);
    const text = JSON.stringify(answer.body);
    if (key !== undefined && answer.saveIdempotent) {
      idempotent.set(`${url.pathname} ${key}`, {
        path: url.pathname,
        rawBody,
        status: answer.status,
        body: text,
      });
    }
    send(answer.status, text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          errorsBody({
            category: 'API_ERROR',
            code: 'INTERNAL_SERVER_ERROR',
            detail: `The fake Square failed: ${String(error)}`,
          }),
        ),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  function event(type: string, data: SquareTestEvent['data'], eventId?: string): SquareTestEvent {
    return {
      merchant_id: MERCHANT_ID,
      type,
      event_id: eventId ?? randomUUID(),
      created_at: new Date().toISOString(),
      data,
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    accessToken,
    locationId,
    applicationId,
    requests,
    payment: (id) => structuredClone(paymentOrThrow(id)),
    paymentsFor: (referenceId) =>
      structuredClone([...payments.values()].filter((payment) => payment.reference_id === referenceId)),
    refunds: (paymentId) =>
      structuredClone([...refunds.values()].filter((refund) => refund.payment_id === paymentId)),
    completeRefund(refundId) {
      const refund = refundOrThrow(refundId);
      refund.status = 'COMPLETED';
      refund.updated_at = new Date().toISOString();
      return structuredClone(refund);
    },
    paymentEvent(type, paymentId, eventOptions = {}) {
      const payment = structuredClone(paymentOrThrow(paymentId));
      return event(type, { type: 'payment', id: payment.id, object: { payment } }, eventOptions.eventId);
    },
    refundEvent(type, refundId, eventOptions = {}) {
      const refund = structuredClone(refundOrThrow(refundId));
      return event(type, { type: 'refund', id: refund.id, object: { refund } }, eventOptions.eventId);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function errorsBody(...errors: SquareErrorDetail[]): { errors: SquareErrorDetail[] } {
  return { errors };
}

function invalid(field: string, detail: string): Refusal {
  return new Refusal({
    status: 400,
    body: errorsBody({ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', detail, field }),
    saveIdempotent: false,
  });
}

function refuseUnknownFields(body: Record<string, unknown>, known: string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw new Refusal({
      status: 400,
      body: errorsBody({
        category: 'INVALID_REQUEST_ERROR',
        code: 'BAD_REQUEST',
        detail: `The fake Square does not implement the field \`${unknown}\`.`,
        field: unknown,
      }),
      saveIdempotent: false,
    });
  }
}

function requiredString(body: Record<string, unknown>, field: string, min: number, max: number): string {
  const value = body[field];
  if (value === undefined) {
    throw new Refusal({
      status: 400,
      body: errorsBody({
        category: 'INVALID_REQUEST_ERROR',
        code: 'MISSING_REQUIRED_PARAMETER',
        detail: `Missing required parameter \`${field}\`.`,
        field,
      }),
      saveIdempotent: false,
    });
  }
  return checkString(value, field, min, max);
}

function optionalString(
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
): string | undefined {
  const value = body[field];
  return value === undefined || value === null ? undefined : checkString(value, field, min, max);
}

function checkString(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string') throw invalid(field, `Expected \`${field}\` to be a string.`);
  if (value.length < min || value.length > max) {
    throw new Refusal({
      status: 400,
      body: errorsBody({
        category: 'INVALID_REQUEST_ERROR',
        code: value.length < min ? 'VALUE_TOO_SHORT' : 'VALUE_TOO_LONG',
        detail: `Field \`${field}\` must have a length between ${min} and ${max}.`,
        field,
      }),
      saveIdempotent: false,
    });
  }
  return value;
}

function moneyField(body: Record<string, unknown>, field: string): FakeSquareMoney {
  const money = body[field];
  if (!isObject(money)) throw invalid(field, `Expected \`${field}\` to be an object.`);
  const { amount, currency } = money;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    throw invalid(`${field}.amount`, 'Expected a positive integer amount in the smallest denomination.');
  }
  if (currency !== 'USD') {
    throw invalid(`${field}.currency`, "The fake Square's location takes USD only.");
  }
  return { amount, currency };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Square's ids: 22 to 29 characters of letters and digits. */
function squareId(): string {
  return randomAlphanumeric(29);
}

function randomAlphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
