import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { buildStripeEvent, type StripeTestEvent } from './stripe-webhooks.testing';

/**
 * A local stand-in for api.stripe.com that the real SDK talks to (`apiBaseUrl: fake.url`): the
 * endpoints the adapter uses (PaymentIntents: create, retrieve, confirm; Refunds; Tokens from Apple
 * Pay's `pk_token`; card PaymentMethods from a token), with Stripe's request format (form-encoded
 * bodies, `Authorization: Bearer sk_...`, `Idempotency-Key`), Stripe's object and error shapes, and
 * test controls for what the browser and the card network would do (`succeed`, `fail`,
 * `walletToken`).
 *
 * Cards behave as Stripe's test cards: 4242 4242 4242 4242 (tok_visa) and the other brands' numbers
 * succeed, 4000 0000 0000 0002 (tok_chargeDeclined) is declined 'Your card was declined.', 4000 0000
 * 0000 9995 (tok_chargeDeclinedInsufficientFunds) 'Your card has insufficient funds.'. An Apple Pay
 * token is the card its `pk_token_transaction_id` names in Stripe's test stub format
 * (`ApplePayStubs~4000000000000002~1000~USD~`), else the network's success card.
 *
 * Crypto (`payment_method_types[]=crypto`): confirming with `payment_method_data[type]=crypto` and a
 * `return_url` answers `requires_action` with `next_action.redirect_to_url.url`, Stripe's hosted
 * page, here served by the fake at `{url}/pay/crypto/{intent}`; the buyer paying there is `succeed`.
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
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
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
  /** Set while the buyer must act elsewhere: Stripe's hosted crypto page. */
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string };
  } | null;
  payment_method: string | null;
  payment_method_types: string[];
  /** Where Stripe e-mails the receipt: the browser's confirmParams.receipt_email. */
  receipt_email: string | null;
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

/** A card token (tok_...): what Stripe makes of a wallet's payment (Apple Pay's pk_token, Google Pay's gateway). */
export interface FakeToken {
  id: string;
  object: 'token';
  card: {
    id: string;
    object: 'card';
    brand: string;
    country: 'US';
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    last4: string;
    /** 'apple_pay', 'android_pay' (Stripe's name for Google Pay tokens), or null for a plain card. */
    tokenization_method: 'apple_pay' | 'android_pay' | null;
  };
  client_ip: null;
  created: number;
  livemode: false;
  type: 'card';
  used: boolean;
}

/** What the browser's `stripe.confirmPayment` sends about the buyer (its confirmParams). */
export interface FakeBuyer {
  receiptEmail?: string;
  billingDetails?: { name?: string; email?: string; phone?: string };
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: {
    address: null;
    email: string | null;
    name: string | null;
    phone: string | null;
  };
  card?: {
    brand: string;
    country: 'US';
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    last4: string;
    wallet:
      | { type: 'apple_pay'; apple_pay: Record<string, never>; dynamic_last4: string }
      | { type: 'google_pay'; google_pay: Record<string, never>; dynamic_last4: string }
      | null;
  };
  crypto?: Record<string, never>;
  created: number;
  customer: null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card' | 'crypto';
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
  /**
   * The buyer paid: the intent succeeds with a captured charge. `buyer`: what the browser's
   * `stripe.confirmPayment` sent with it (confirmParams.receipt_email and
   * payment_method_data.billing_details), kept on the intent and its card PaymentMethod.
   */
  succeed(paymentIntentId: string, buyer?: FakeBuyer): FakePaymentIntent;
  /** The card was declined: the intent goes back to requires_payment_method with the message. */
  fail(paymentIntentId: string, message?: string): FakePaymentIntent;
  /**
   * The card token Stripe makes of a wallet's payment: what Google Pay hands the browser through
   * Stripe's gateway (`tokenizationData.token` is this object's JSON). `cardNumber` is one of
   * Stripe's test cards (default 4242 4242 4242 4242).
   */
  walletToken(wallet: 'apple_pay' | 'google_pay', cardNumber?: string): FakeToken;
  /** A token (a copy), as created or as a test made it. */
  token(id: string): FakeToken;
  /** A PaymentMethod (a copy). */
  paymentMethod(id: string): FakePaymentMethod;
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
  /** Tokens and card PaymentMethods with the test card number behind them (null for crypto). */
  const tokens = new Map<string, { token: FakeToken; number: string }>();
  const paymentMethods = new Map<string, { method: FakePaymentMethod; number: string | null }>();
  let baseUrl = '';

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
    refuseUnknownParams(body, [
      'amount',
      'currency',
      'metadata',
      'description',
      'automatic_payment_methods',
      'payment_method_types',
    ]);
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
    if (isFormObject(automatic)) {
      refuseUnknownParams(automatic, ['enabled', 'allow_redirects'], 'automatic_payment_methods');
      if (
        automatic.allow_redirects !== undefined &&
        !['always', 'never'].includes(String(automatic.allow_redirects))
      ) {
        throw invalidParam(
          'automatic_payment_methods[allow_redirects]',
          'Invalid automatic_payment_methods[allow_redirects]: must be one of always or never',
        );
      }
    }
    const types = body.payment_method_types;
    if (types !== undefined && automatic !== undefined) {
      throw invalidParam(
        'payment_method_types',
        'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      );
    }
    if (types !== undefined) {
      if (!Array.isArray(types) || types.length === 0 || !types.every((type) => typeof type === 'string')) {
        throw invalidParam('payment_method_types', 'Invalid array: payment_method_types.');
      }
      const unsupported = types.find((type) => !FAKE_PAYMENT_METHOD_TYPES.includes(type as string));
      if (unsupported !== undefined) {
        throw invalidParam(
          'payment_method_types',
          `The payment method type "${String(unsupported)}" is invalid. The fake Stripe server knows ${FAKE_PAYMENT_METHOD_TYPES.join(', ')}.`,
        );
      }
      if (types.includes('crypto') && currency !== 'usd') {
        throw invalidParam(
          'currency',
          `The currency provided (${currency}) is invalid for one or more payment method types on this PaymentIntent. The payment method type crypto supports usd only.`,
        );
      }
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
      // Neither parameter: the API's default since 2023-08-16, automatic payment methods.
      automatic_payment_methods:
        types !== undefined
          ? null
          : !isFormObject(automatic) || automatic.enabled === 'true'
            ? {
                enabled: true,
                allow_redirects:
                  isFormObject(automatic) && automatic.allow_redirects === 'never' ? 'never' : 'always',
              }
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
      next_action: null,
      payment_method: null,
      // With automatic payment methods, the account's enabled ones: cards in the fake's account.
      payment_method_types: Array.isArray(types) ? (types as string[]) : ['card'],
      receipt_email: null,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return { status: 200, body: intent, saveIdempotent: true };
  }

  /** GET /v1/payment_intents/{id}, with `expand[]=payment_method` (the only expansion the fake knows). */
  function retrievePaymentIntent(id: string, query: Record<string, string>): Answer {
    const expand = Object.entries(query)
      .filter(([key]) => /^expand\[\d*\]$/.test(key))
      .map(([, value]) => value);
    const unknown = expand.find((field) => field !== 'payment_method');
    if (unknown !== undefined) {
      throw invalidParam('expand', `The fake Stripe server cannot expand ${unknown} on a payment intent.`);
    }
    const intent = intents.get(id);
    if (!intent) {
      return noSuch('payment_intent', id, 'intent');
    }
    const method = intent.payment_method === null ? undefined : paymentMethods.get(intent.payment_method);
    if (expand.length > 0 && method) {
      return { status: 200, body: { ...intent, payment_method: method.method }, saveIdempotent: false };
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

  function tokenOf(number: string, tokenizationMethod: FakeToken['card']['tokenization_method']): FakeToken {
    const card = testCard(number);
    const token: FakeToken = {
      id: stripeId('tok'),
      object: 'token',
      card: {
        id: stripeId('card'),
        object: 'card',
        brand: card.tokenBrand,
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        last4: number.slice(-4),
        tokenization_method: tokenizationMethod,
      },
      client_ip: null,
      created: nowSeconds(),
      livemode: false,
      type: 'card',
      used: false,
    };
    tokens.set(token.id, { token, number });
    return token;
  }

  /**
   * POST /v1/tokens with Apple Pay's encrypted payment data (`pk_token`, the parameters Stripe's
   * iOS SDK sends): Stripe decrypts it with the merchant's Apple Pay certificate and answers a
   * single-use card token. The fake reads no cryptogram: it checks the payment data is Apple's
   * EC_v1 JSON and takes the card from the test stub in the transaction id.
   */
  function createToken(body: FormObject): Answer {
    refuseUnknownParams(body, [
      'pk_token',
      'pk_token_payment_network',
      'pk_token_instrument_name',
      'pk_token_transaction_id',
    ]);
    const pkToken = body.pk_token;
    if (pkToken === undefined) {
      throw missingParam('pk_token');
    }
    let paymentData: unknown;
    try {
      paymentData = typeof pkToken === 'string' ? JSON.parse(pkToken) : undefined;
    } catch {
      paymentData = undefined;
    }
    if (
      typeof paymentData !== 'object' ||
      paymentData === null ||
      !['version', 'data', 'signature'].every(
        (field) => typeof (paymentData as Record<string, unknown>)[field] === 'string',
      )
    ) {
      throw invalidParam(
        'pk_token',
        'Invalid pk_token: expected the Apple Pay payment data JSON (version, data, signature, header).',
      );
    }
    for (const param of ['pk_token_payment_network', 'pk_token_instrument_name', 'pk_token_transaction_id']) {
      if (body[param] !== undefined && typeof body[param] !== 'string') {
        throw invalidParam(param, `Invalid string: ${param}.`);
      }
    }
    const network = typeof body.pk_token_payment_network === 'string' ? body.pk_token_payment_network : '';
    const stub = /^ApplePayStubs~(\d{13,19})~/.exec(String(body.pk_token_transaction_id ?? ''))?.[1];
    const number = stub ?? APPLE_PAY_NETWORK_CARDS[network.toLowerCase()] ?? '4242424242424242';
    if (stub !== undefined && !Object.hasOwn(TEST_CARDS, stub)) {
      throw invalidParam('pk_token_transaction_id', `The fake Stripe server knows no test card ${stub}.`);
    }
    return { status: 200, body: tokenOf(number, 'apple_pay'), saveIdempotent: true };
  }

  /** POST /v1/payment_methods: a card PaymentMethod from a token (`card[token]`), as Stripe documents for wallets. */
  function createPaymentMethod(body: FormObject): Answer {
    refuseUnknownParams(body, ['type', 'card']);
    if (body.type === undefined) throw missingParam('type');
    if (body.type !== 'card') {
      throw invalidParam(
        'type',
        `The fake Stripe server creates card PaymentMethods only, not ${String(body.type)}.`,
      );
    }
    const card = body.card;
    if (card === undefined) throw missingParam('card');
    if (!isFormObject(card)) throw invalidParam('card', 'Invalid hash: card.');
    // Raw card numbers need Stripe's special permission; the adapter never sends them.
    refuseUnknownParams(card, ['token'], 'card');
    if (card.token === undefined) throw missingParam('card[token]');
    const tokenId = String(card.token);
    let number: string;
    let wallet: NonNullable<FakePaymentMethod['card']>['wallet'] = null;
    const magic = Object.hasOwn(TEST_TOKENS, tokenId) ? TEST_TOKENS[tokenId] : undefined;
    if (magic !== undefined) {
      // Stripe's test tokens may be used any number of times.
      number = magic;
    } else {
      const stored = tokens.get(tokenId);
      if (!stored) return noSuch('token', tokenId, 'card[token]');
      if (stored.token.used) {
        return {
          status: 400,
          body: stripeError({
            type: 'invalid_request_error',
            code: 'token_already_used',
            param: 'card[token]',
            message: `You cannot use a Stripe token more than once: ${tokenId}.`,
          }),
          saveIdempotent: true,
        };
      }
      stored.token.used = true;
      number = stored.number;
      const last4 = number.slice(-4);
      if (stored.token.card.tokenization_method === 'apple_pay') {
        wallet = { type: 'apple_pay', apple_pay: {}, dynamic_last4: last4 };
      } else if (stored.token.card.tokenization_method === 'android_pay') {
        wallet = { type: 'google_pay', google_pay: {}, dynamic_last4: last4 };
      }
    }
    const method: FakePaymentMethod = {
      ...paymentMethodBase(),
      type: 'card',
      card: {
        brand: testCard(number).brand,
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        last4: number.slice(-4),
        wallet,
      },
    };
    paymentMethods.set(method.id, { method, number });
    return { status: 200, body: method, saveIdempotent: true };
  }

  function paymentMethodBase(): Omit<FakePaymentMethod, 'type'> {
    return {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
    };
  }

  /**
   * POST /v1/payment_intents/{id}/confirm with a card PaymentMethod (`payment_method`: charged at
   * once, its test card decides) or crypto (`payment_method_data[type]=crypto` with `return_url`:
   * requires_action with the hosted page's URL).
   */
  function confirmPaymentIntent(id: string, body: FormObject): Answer {
    refuseUnknownParams(body, ['payment_method', 'payment_method_data', 'return_url']);
    const intent = intents.get(id);
    if (!intent) return noSuch('payment_intent', id, 'intent');
    if (body.payment_method !== undefined && body.payment_method_data !== undefined) {
      throw invalidParam(
        'payment_method_data',
        'You cannot provide both payment_method and payment_method_data.',
      );
    }
    const returnUrl = body.return_url;
    if (returnUrl !== undefined && (typeof returnUrl !== 'string' || !URL.canParse(returnUrl))) {
      throw invalidParam('return_url', 'Not a valid URL');
    }
    let stored: { method: FakePaymentMethod; number: string | null } | undefined;
    const data = body.payment_method_data;
    if (data !== undefined) {
      if (!isFormObject(data))
        throw invalidParam('payment_method_data', 'Invalid hash: payment_method_data.');
      refuseUnknownParams(data, ['type'], 'payment_method_data');
      if (data.type === undefined) throw missingParam('payment_method_data[type]');
      if (data.type !== 'crypto') {
        throw invalidParam(
          'payment_method_data[type]',
          `The fake Stripe server makes crypto PaymentMethods from payment_method_data only, not ${String(data.type)}.`,
        );
      }
    }
    if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
      return {
        status: 400,
        body: {
          error: {
            ...stripeError({
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            }).error,
            payment_intent: structuredClone(intent),
          },
        },
        saveIdempotent: true,
      };
    }
    if (isFormObject(data)) {
      stored = { method: { ...paymentMethodBase(), type: 'crypto', crypto: {} }, number: null };
    } else {
      const methodId = typeof body.payment_method === 'string' ? body.payment_method : intent.payment_method;
      if (methodId === null) {
        return {
          status: 400,
          body: stripeError({
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message:
              "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a PaymentMethod, provide payment_method.",
          }),
          saveIdempotent: true,
        };
      }
      stored = paymentMethods.get(methodId);
      if (!stored) return noSuch('PaymentMethod', methodId, 'payment_method');
    }
    const { method } = stored;
    if (!intent.payment_method_types.includes(method.type)) {
      return {
        status: 400,
        body: stripeError({
          type: 'invalid_request_error',
          code: 'payment_intent_incompatible_payment_method',
          param: 'payment_method',
          message: `The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.`,
        }),
        saveIdempotent: true,
      };
    }
    if (returnUrl === undefined) {
      // Stripe refuses a server-side confirmation that might have to redirect the buyer and has
      // nowhere to send them back to.
      if (
        intent.automatic_payment_methods?.enabled &&
        intent.automatic_payment_methods.allow_redirects === 'always'
      ) {
        return {
          status: 400,
          body: stripeError({
            type: 'invalid_request_error',
            message:
              'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
          }),
          saveIdempotent: true,
        };
      }
      if (method.type === 'crypto') throw missingParam('return_url');
    }
    if (!paymentMethods.has(method.id)) paymentMethods.set(method.id, stored);
    intent.payment_method = method.id;
    intent.last_payment_error = null;
    if (method.type === 'crypto') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${baseUrl}/pay/crypto/${encodeURIComponent(intent.id)}`,
          return_url: String(returnUrl),
        },
      };
      return { status: 200, body: intent, saveIdempotent: true };
    }
    intent.next_action = null;
    const outcome = testCard(stored.number ?? '').decline;
    if (outcome === null) {
      const charge = newCharge(intent, 'succeeded');
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = charge.id;
      return { status: 200, body: intent, saveIdempotent: true };
    }
    const charge = newCharge(intent, 'failed', outcome.message);
    intent.status = 'requires_payment_method';
    intent.latest_charge = charge.id;
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: outcome.declineCode,
      message: outcome.message,
      charge: charge.id,
    };
    return {
      status: 402,
      body: {
        error: {
          ...stripeError({ type: 'card_error', code: 'card_declined', message: outcome.message }).error,
          decline_code: outcome.declineCode,
          charge: charge.id,
          payment_intent: structuredClone(intent),
          payment_method: structuredClone(method),
        },
      },
      saveIdempotent: true,
    };
  }

  /** Stripe's hosted crypto page, as far as a test needs it: it exists and names the amount. */
  function hostedCryptoPage(id: string): { status: number; html: string } {
    const intent = intents.get(id);
    if (!intent?.payment_method_types.includes('crypto')) {
      return { status: 404, html: '<!doctype html><title>Not found</title>' };
    }
    return {
      status: 200,
      html: `<!doctype html><title>Pay with crypto</title><h1>Pay ${dollars(intent.amount)} with crypto</h1><p>${intent.status}</p>`,
    };
  }

  function route(method: string, path: string, body: FormObject, query: Record<string, string>): Answer {
    try {
      return runEndpoint(method, path, body, query);
    } catch (error) {
      if (error instanceof Refusal) return error.answer;
      throw error;
    }
  }

  function runEndpoint(
    method: string,
    path: string,
    body: FormObject,
    query: Record<string, string>,
  ): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentPath?.[1]) {
      return retrievePaymentIntent(decodeURIComponent(intentPath[1]), query);
    }
    const confirmPath = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirmPath?.[1]) {
      return confirmPaymentIntent(decodeURIComponent(confirmPath[1]), body);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'POST' && path === '/v1/tokens') return createToken(body);
    if (method === 'POST' && path === '/v1/payment_methods') return createPaymentMethod(body);
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

    // The hosted page is the buyer's, not the API's: no key.
    const hosted = /^\/pay\/crypto\/([^/]+)$/.exec(recorded.path);
    if (method === 'GET' && hosted?.[1]) {
      const page = hostedCryptoPage(decodeURIComponent(hosted[1]));
      recorded.status = page.status;
      response.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page.html);
      return;
    }

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
    const answer = route(method, recorded.path, body, recorded.query);
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
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    secretKey,
    requests,
    paymentIntent: (id) => structuredClone(intentOrThrow(id)),
    charge: (paymentIntentId) => structuredClone(latestChargeOrThrow(paymentIntentId)),
    refunds: (paymentIntentId) =>
      structuredClone(refunds.filter((refund) => refund.payment_intent === paymentIntentId)),
    succeed(paymentIntentId, buyer) {
      const intent = intentOrThrow(paymentIntentId);
      assertConfirmable(intent);
      const charge = newCharge(intent, 'succeeded');
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      intent.latest_charge = charge.id;
      intent.next_action = null;
      intent.receipt_email = buyer?.receiptEmail ?? intent.receipt_email;
      // The method the buyer confirmed with (the crypto one after the hosted page), else a card
      // made from the Payment Element's fields.
      if (intent.payment_method === null) {
        const method: FakePaymentMethod = {
          ...paymentMethodBase(),
          type: 'card',
          card: {
            brand: 'visa',
            country: 'US',
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 3,
            funding: 'credit',
            last4: '4242',
            wallet: null,
          },
        };
        method.billing_details = {
          address: null,
          email: buyer?.billingDetails?.email ?? null,
          name: buyer?.billingDetails?.name ?? null,
          phone: buyer?.billingDetails?.phone ?? null,
        };
        paymentMethods.set(method.id, { method, number: '4242424242424242' });
        intent.payment_method = method.id;
      }
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
      intent.next_action = null;
      intent.payment_method = null;
      return structuredClone(intent);
    },
    walletToken(wallet, cardNumber = '4242424242424242') {
      if (!Object.hasOwn(TEST_CARDS, cardNumber)) {
        throw new Error(`The fake Stripe knows no test card ${cardNumber}`);
      }
      return structuredClone(tokenOf(cardNumber, wallet === 'apple_pay' ? 'apple_pay' : 'android_pay'));
    },
    token(id) {
      const stored = tokens.get(id);
      if (!stored) throw new Error(`The fake Stripe has no token ${id}`);
      return structuredClone(stored.token);
    },
    paymentMethod(id) {
      const stored = paymentMethods.get(id);
      if (!stored) throw new Error(`The fake Stripe has no payment method ${id}`);
      return structuredClone(stored.method);
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

/** The payment method types the fake can take an intent for. */
const FAKE_PAYMENT_METHOD_TYPES = ['card', 'crypto'];

interface TestCard {
  /** The token's card brand ('Visa') and the PaymentMethod's ('visa'). */
  tokenBrand: string;
  brand: string;
  decline: { declineCode: string; message: string } | null;
}

/** Stripe's test card numbers the fake knows (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { tokenBrand: 'Visa', brand: 'visa', decline: null },
  '5555555555554444': { tokenBrand: 'MasterCard', brand: 'mastercard', decline: null },
  '378282246310005': { tokenBrand: 'American Express', brand: 'amex', decline: null },
  '6011111111111117': { tokenBrand: 'Discover', brand: 'discover', decline: null },
  '4000000000000002': {
    tokenBrand: 'Visa',
    brand: 'visa',
    decline: { declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    tokenBrand: 'Visa',
    brand: 'visa',
    decline: { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

/** Stripe's test tokens: reusable, each standing for a test card. */
const TEST_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_discover: '6011111111111117',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
};

/** Apple Pay's network names (PKPaymentNetwork) -> the network's succeeding test card. */
const APPLE_PAY_NETWORK_CARDS: Record<string, string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
};

function testCard(number: string): TestCard {
  const card = Object.hasOwn(TEST_CARDS, number) ? TEST_CARDS[number] : undefined;
  if (!card) throw new Error(`The fake Stripe knows no test card ${number}`);
  return card;
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

/** Refuses a parameter the fake does not implement; `within` names the hash for nested ones. */
function refuseUnknownParams(body: FormObject, known: string[], within?: string): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    const param = within === undefined ? unknown : `${within}[${unknown}]`;
    throw new Refusal({
      status: 400,
      body: stripeError({
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param,
        message: `Received unknown parameter: ${param}`,
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
