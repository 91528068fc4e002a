import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { buildStripeEvent, type StripeTestEvent } from './stripe-webhooks.testing';

/**
 * A local stand-in for api.stripe.com that the real SDK talks to (`apiBaseUrl: fake.url`): the
 * PaymentIntents and Refunds endpoints the adapter uses, with Stripe's request format (form-encoded
 * bodies, `Authorization: Bearer sk_...`, `Idempotency-Key`), Stripe's object and error shapes, and
 * test controls for what the browser and the card network would do (`succeed`, `fail`).
 *
 * Deliberately strict where Stripe is: a wrong key is 401, a parameter the fake does not implement is
 * refused as unknown (a test never passes on a setting that was silently ignored), a reused
 * idempotency key with other parameters is 400 idempotency_error.
 */

export interface FakeStripeRequest {
  method: string;
  /** Without the query string: '/v1/payment_intents'. */
  path: string;
  query: Record<string, string>;
  headers: {
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    stripeVersion: string | undefined;
    contentType: string | undefined;
  };
  /** The form body decoded into Stripe's nesting (`metadata[paymentId]` -> `{ metadata: { paymentId } }`). */
  body: FormValue;
  rawBody: string;
  /** What the fake answered. */
  status: number;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' } | null;
  canceled_at: number | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: {
    type: 'card_error';
    code: 'card_declined';
    decline_code: string;
    message: string;
    charge: string;
  } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  /** Stripe copies the intent's metadata to the charge when the intent is confirmed. */
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface FakeStripeServer {
  /** The base URL to give the adapter: 'http://127.0.0.1:<port>'. */
  readonly url: string;
  /** The only key the fake accepts. */
  readonly secretKey: string;
  /** Every request received, in order, including refused ones. */
  readonly requests: FakeStripeRequest[];
  /** The intent as the fake holds it now (a copy). */
  paymentIntent(id: string): FakePaymentIntent;
  /** The intent's latest charge (a copy): present once `succeed` or `fail` ran. */
  charge(paymentIntentId: string): FakeCharge;
  /** Refunds created for the intent (copies), oldest first. */
  refunds(paymentIntentId: string): FakeRefund[];
  /** The buyer paid: the intent succeeds with a captured charge. */
  succeed(paymentIntentId: string): FakePaymentIntent;
  /** The card was declined: the intent goes back to requires_payment_method with the message. */
  fail(paymentIntentId: string, message?: string): FakePaymentIntent;
  /**
   * An event about the intent as it is now, shaped like Stripe's: its charge for `charge.*` types,
   * the intent itself otherwise. Sign it with `signStripeEvent`.
   */
  event(type: string, paymentIntentId: string, options?: { id?: string }): StripeTestEvent;
  close(): Promise<void>;
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

interface Answer {
  status: number;
  body: unknown;
  /**
   * Stripe saves an idempotent result once the endpoint began executing (success or a business
   * error), not for a request refused at validation: that one may be retried with the same key.
   */
  saveIdempotent: boolean;
}

interface SavedAnswer {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  body: string;
}

/** A request the fake refuses before its endpoint runs (a missing, unknown or invalid parameter). */
class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super('refused');
  }
}

export async function startFakeStripeServer(options: { secretKey?: string } = {}): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? 'sk_test_fake_stripe_server';
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, SavedAnswer>();

  function intentOrThrow(id: string): FakePaymentIntent {
    const intent = intents.get(id);
    if (!intent) {
      throw new Error(`The fake Stripe has no payment intent ${id}`);
    }
    return intent;
  }

  function latestChargeOrThrow(paymentIntentId: string): FakeCharge {
    const chargeId = intentOrThrow(paymentIntentId).latest_charge;
    const charge = chargeId === null ? undefined : charges.get(chargeId);
    if (!charge) {
      throw new Error(`The fake Stripe's payment intent ${paymentIntentId} has no charge yet`);
    }
    return charge;
  }

  function newCharge(
    intent: FakePaymentIntent,
    outcome: 'succeeded' | 'failed',
    message?: string,
  ): FakeCharge {
    const charge: FakeCharge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: outcome === 'succeeded' ? intent.amount : 0,
      amount_refunded: 0,
      captured: outcome === 'succeeded',
      created: nowSeconds(),
      currency: intent.currency,
      failure_code: outcome === 'failed' ? 'card_declined' : null,
      failure_message: outcome === 'failed' ? (message ?? null) : null,
      livemode: false,
      metadata: { ...intent.metadata },
      paid: outcome === 'succeeded',
      payment_intent: intent.id,
      refunded: false,
      status: outcome,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function assertConfirmable(intent: FakePaymentIntent): void {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new Error(`The fake Stripe's payment intent ${intent.id} is already ${intent.status}`);
    }
  }

  function createPaymentIntent(body: FormObject): Answer {
    refuseUnknownParams(body, ['amount', 'currency', 'metadata', 'description', 'automatic_payment_methods']);
    const amount = integerParam(body, 'amount');
    const currency = body.currency;
    if (currency === undefined) throw missingParam('currency');
    if (typeof currency !== 'string' || !/^[a-z]{3}$/.test(currency)) {
      throw invalidParam('currency', `Invalid currency: ${String(currency)}.`);
    }
    if (amount < 50) {
      return {
        status: 400,
        body: stripeError({
          type: 'invalid_request_error',
          code: 'amount_too_small',
          param: 'amount',
          message: `Amount must be at least $0.50 ${currency}`,
        }),
        saveIdempotent: true,
      };
    }
    const metadata = metadataParam(body);
    const automatic = body.automatic_payment_methods;
    if (
      automatic !== undefined &&
      (!isFormObject(automatic) || !['true', 'false'].includes(String(automatic.enabled)))
    ) {
      throw invalidParam(
        'automatic_payment_methods[enabled]',
        'Invalid boolean: automatic_payment_methods[enabled].',
      );
    }
    const description = body.description;
    if (description !== undefined && typeof description !== 'string') {
      throw invalidParam('description', 'Invalid string: description.');
    }
    const id = stripeId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods:
        isFormObject(automatic) && automatic.enabled === 'true'
          ? { enabled: true, allow_redirects: 'always' }
          : null,
      canceled_at: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomAlphanumeric(25)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: null,
      description: description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return { status: 200, body: intent, saveIdempotent: true };
  }

  function retrievePaymentIntent(id: string): Answer {
    const intent = intents.get(id);
    if (!intent) {
      return noSuch('payment_intent', id, 'intent');
    }
    return { status: 200, body: intent, saveIdempotent: false };
  }

  function createRefund(body: FormObject): Answer {
    refuseUnknownParams(body, ['payment_intent', 'charge', 'amount', 'metadata', 'reason']);
    let charge: FakeCharge | undefined;
    let intent: FakePaymentIntent | undefined;
    if (typeof body.payment_intent === 'string') {
      intent = intents.get(body.payment_intent);
      if (!intent) return noSuch('payment_intent', body.payment_intent, 'payment_intent');
      charge = intent.latest_charge === null ? undefined : charges.get(intent.latest_charge);
      if (intent.status !== 'succeeded' || !charge) {
        return {
          status: 400,
          body: stripeError({
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          }),
          saveIdempotent: true,
        };
      }
    } else if (typeof body.charge === 'string') {
      charge = charges.get(body.charge);
      if (!charge) return noSuch('charge', body.charge, 'charge');
      intent = intentOrThrow(charge.payment_intent);
    } else {
      throw missingParam('payment_intent');
    }
    const metadata = metadataParam(body);
    const reason = body.reason;
    if (
      reason !== undefined &&
      !['duplicate', 'fraudulent', 'requested_by_customer'].includes(String(reason))
    ) {
      throw invalidParam(
        'reason',
        'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
      );
    }
    const remaining = charge.amount_captured - charge.amount_refunded;
    const amount = body.amount === undefined ? remaining : integerParam(body, 'amount');
    if (charge.refunded || remaining === 0) {
      return {
        status: 400,
        body: stripeError({
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        }),
        saveIdempotent: true,
      };
    }
    if (amount <= 0 || amount > remaining) {
      return {
        status: 400,
        body: stripeError({
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        }),
        saveIdempotent: true,
      };
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const refund: FakeRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata,
      payment_intent: intent.id,
      reason: typeof reason === 'string' ? reason : null,
      status: 'succeeded',
    };
    refunds.push(refund);
    return { status: 200, body: refund, saveIdempotent: true };
  }

  function route(method: string, path: string, body: FormObject): Answer {
    try {
      return runEndpoint(method, path, body);
    } catch (error) {
      if (error instanceof Refusal) return error.answer;
      throw error;
    }
  }

  function runEndpoint(method: string, path: string, body: FormObject): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentPath?.[1]) return retrievePaymentIntent(decodeURIComponent(intentPath[1]));
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    return {
      status: 404,
      body: stripeError({
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). The fake Stripe server speaks only what the adapter uses.`,
      }),
      saveIdempotent: false,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const contentType = header(request, 'content-type');
    const recorded: FakeStripeRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: {
        authorization: header(request, 'authorization'),
        idempotencyKey: header(request, 'idempotency-key'),
        stripeVersion: header(request, 'stripe-version'),
        contentType,
      },
      body: parseForm(rawBody),
      rawBody,
      status: 0,
    };
    requests.push(recorded);

    const send = (status: number, body: string, extraHeaders: Record<string, string> = {}): void => {
      recorded.status = status;
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': stripeId('req'),
        'Stripe-Version': recorded.headers.stripeVersion ?? Stripe.API_VERSION,
        ...extraHeaders,
      });
      response.end(body);
    };

    const authError = authenticate(recorded.headers.authorization, secretKey);
    if (authError) {
      send(401, JSON.stringify(authError), { 'WWW-Authenticate': 'Bearer realm="Stripe"' });
      return;
    }
    if (
      method === 'POST' &&
      rawBody !== '' &&
      !contentType?.startsWith('application/x-www-form-urlencoded')
    ) {
      send(
        400,
        JSON.stringify(
          stripeError({
            type: 'invalid_request_error',
            message: 'Invalid request: Stripe takes application/x-www-form-urlencoded bodies.',
          }),
        ),
      );
      return;
    }

    // Stripe keeps idempotent results per account (the fake has one) and only for POST: GET and
    // DELETE are idempotent by definition.
    const key = method === 'POST' ? recorded.headers.idempotencyKey : undefined;
    const saved = key === undefined ? undefined : idempotent.get(key);
    if (saved && key !== undefined) {
      if (saved.method !== method || saved.path !== recorded.path || saved.rawBody !== rawBody) {
        send(
          400,
          JSON.stringify(
            stripeError({
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            }),
          ),
        );
        return;
      }
      send(saved.status, saved.body, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': key });
      return;
    }

    const body = isFormObject(recorded.body) ? recorded.body : {};
    const answer = route(method, recorded.path, body);
    // A snapshot: a replay answers with the object as it was first returned, as Stripe does.
    const text = JSON.stringify(answer.body);
    if (key !== undefined && answer.saveIdempotent) {
      idempotent.set(key, { method, path: recorded.path, rawBody, status: answer.status, body: text });
    }
    send(answer.status, text, key === undefined ? {} : { 'Idempotency-Key': key });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          stripeError({ type: 'api_error', message: `The fake Stripe server failed: ${String(error)}` }),
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

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    paymentIntent: (id) => structuredClone(intentOrThrow(id)),
    charge: (paymentIntentId) => structuredClone(latestChargeOrThrow(paymentIntentId)),
    refunds: (paymentIntentId) =>
      structuredClone(refunds.filter((refund) => refund.payment_intent === paymentIntentId)),
    succeed(paymentIntentId) {
      const intent = intentOrThrow(paymentIntentId);
      assertConfirmable(intent);
      const charge = newCharge(intent, 'succeeded');
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      intent.latest_charge = charge.id;
      intent.payment_method = stripeId('pm');
      return structuredClone(intent);
    },
    fail(paymentIntentId, message = 'Your card was declined.') {
      const intent = intentOrThrow(paymentIntentId);
      assertConfirmable(intent);
      const charge = newCharge(intent, 'failed', message);
      // Stripe puts a declined intent back to requires_payment_method so the buyer can try again.
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message,
        charge: charge.id,
      };
      intent.latest_charge = charge.id;
      intent.payment_method = null;
      return structuredClone(intent);
    },
    event(type, paymentIntentId, eventOptions = {}) {
      const object = type.startsWith('charge.')
        ? latestChargeOrThrow(paymentIntentId)
        : intentOrThrow(paymentIntentId);
      return buildStripeEvent(type, structuredClone({ ...object }), eventOptions);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its sockets alive; without this close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

function authenticate(authorization: string | undefined, secretKey: string): unknown {
  if (!authorization) {
    return stripeError({
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  const given = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (given === secretKey) {
    return null;
  }
  const masked = given
    ? `${given.slice(0, 8)}${'*'.repeat(Math.max(given.length - 12, 0))}${given.slice(-4)}`
    : '';
  return stripeError({ type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
}

function stripeError(error: { type: string; message: string; code?: string; param?: string }): {
  error: Record<string, string>;
} {
  return {
    error: {
      ...error,
      ...(error.code
        ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}` }
        : {}),
      request_log_url: 'https://dashboard.stripe.com/test/logs',
    },
  };
}

function missingParam(param: string): Refusal {
  return new Refusal({
    status: 400,
    body: stripeError({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param,
      message: `Missing required param: ${param}.`,
    }),
    saveIdempotent: false,
  });
}

function invalidParam(param: string, message: string): Refusal {
  return new Refusal({
    status: 400,
    body: stripeError({ type: 'invalid_request_error', code: 'parameter_invalid', param, message }),
    saveIdempotent: false,
  });
}

function refuseUnknownParams(body: FormObject, known: string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw new Refusal({
      status: 400,
      body: stripeError({
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: unknown,
        message: `Received unknown parameter: ${unknown}`,
      }),
      saveIdempotent: false,
    });
  }
}

function noSuch(object: string, id: string, param: string): Answer {
  return {
    status: 404,
    body: stripeError({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${object}: '${id}'`,
    }),
    saveIdempotent: true,
  };
}

function integerParam(body: FormObject, param: string): number {
  const value = body[param];
  if (value === undefined) throw missingParam(param);
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    throw invalidParam(param, `Invalid integer: ${String(value)}`);
  }
  return Number(value);
}

function metadataParam(body: FormObject): Record<string, string> {
  const metadata = body.metadata;
  // An empty `metadata=` clears it, as in Stripe.
  if (metadata === undefined || metadata === '') return {};
  if (!isFormObject(metadata)) {
    throw invalidParam('metadata', 'Invalid metadata: expected a hash.');
  }
  const entries = Object.entries(metadata);
  if (!entries.every((entry): entry is [string, string] => typeof entry[1] === 'string')) {
    throw invalidParam('metadata', 'Invalid metadata: values must be strings.');
  }
  return Object.fromEntries(entries);
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** Stripe's form encoding: `a[b][c]=v` nests, `a[]=v` (or `a[0]=v`) appends. */
export function parseForm(raw: string): FormValue {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const first = /^[^[]+/.exec(name)?.[0];
    if (first === undefined) continue;
    const path = [
      first,
      ...[...name.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? ''),
    ];
    let node: FormObject | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      if (Array.isArray(node)) {
        const position = segment === '' ? node.length : Number(segment);
        if (last) {
          node[position] = value;
        } else {
          node[position] ??= {};
          node = node[position] as FormObject;
        }
        return;
      }
      if (last) {
        node[segment] = value;
        return;
      }
      const nextIsArray = path[index + 1] === '' || /^\d+$/.test(path[index + 1] ?? '');
      node[segment] ??= nextIsArray ? [] : {};
      node = node[segment] as FormObject | FormValue[];
    });
  }
  return root;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomAlphanumeric(24)}`;
}

function randomAlphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
