import { QuoteSchema } from '@jesus-walks/contracts/orders';
import type { Holder } from '@jesus-walks/contracts/payable';
import {
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { seed } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { as, insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;
let groundId: number;
let upsId: number;

beforeAll(async () => {
  catalog = await startTestService(service);
  await seed(catalog.db);
  const methods = await catalog.db.selectFrom('shippingMethods').select(['id', 'serviceCode']).execute();
  groundId = methods.find((method) => method.serviceCode === 'usps_ground')?.id ?? 0;
  upsId = methods.find((method) => method.serviceCode === 'ups_2nd_day_air')?.id ?? 0;
});
afterAll(() => catalog.close());

const napa = { country: 'US', state: 'CA', postalCode: '94559' };

let clients = 0;
/** A client of its own (an address nobody else uses), so that only the stock limits it. */
function anotherClient(): Holder {
  clients += 1;
  return { address: `192.0.2.${clients}`, userId: null };
}

/** A quote, held for a client of its own unless the payload names one. */
function quote(payload: object, headers: Record<string, string> = internalHeader) {
  return catalog.app.inject({
    method: 'POST',
    url: '/internal/quotes',
    headers,
    payload: { holder: anotherClient(), ...payload },
  });
}

async function activeReservations(productId: number) {
  const row = await catalog.db
    .selectFrom('stockReservations')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
    .where('productId', '=', productId)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return row.units;
}

describe('POST /internal/quotes', () => {
  it('prices from the catalog in cents, ignoring client prices, and adds the chosen shipping', async () => {
    const tee = await insertProduct(catalog.db, { name: 'Trail Tee', price: '0.10', stock: 10 });
    const cap = await insertProduct(catalog.db, { name: 'Trail Cap', price: '0.20', stock: 10 });
    const response = await quote({
      items: [
        { productId: tee.id, quantity: 1, price: 0.01 },
        { productId: cap.id, quantity: 1, price: '0.01' },
        { productId: tee.id, quantity: 2 },
      ],
      destination: napa,
      shippingMethodId: groundId,
    });
    expect(response.statusCode).toBe(201);
    const body = QuoteSchema.parse(response.json());
    expect(body).toMatchObject({
      currency: 'USD',
      items: [
        { productId: tee.id, name: 'Trail Tee', quantity: 3, unitPrice: '0.10', lineTotal: '0.30' },
        { productId: cap.id, name: 'Trail Cap', quantity: 1, unitPrice: '0.20', lineTotal: '0.20' },
      ],
      subtotal: '0.50',
      shipping: '9.99',
      total: '10.49',
      shippingMethod: { id: groundId, carrier: 'USPS', service: 'Ground', rate: 9.99, estimatedDays: 3 },
    });
    // A short hold: 10 minutes unless STOCK_HOLD_MINUTES says otherwise.
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await activeReservations(tee.id)).toBe(3);
    expect(await activeReservations(cap.id)).toBe(1);
  });

  it('takes the cheapest method serving the address when none is chosen', async () => {
    const tee = await insertProduct(catalog.db, { price: '10.00' });
    const body = QuoteSchema.parse(
      (await quote({ items: [{ productId: tee.id, quantity: 1 }], destination: napa })).json(),
    );
    expect(body).toMatchObject({ shipping: '9.99', total: '19.99', shippingMethod: { id: groundId } });
    const faster = QuoteSchema.parse(
      (
        await quote({
          items: [{ productId: tee.id, quantity: 1 }],
          destination: napa,
          shippingMethodId: upsId,
        })
      ).json(),
    );
    expect(faster.total).toBe('29.99');
  });

  it('answers 422 for a method that does not serve the address', async () => {
    const tee = await insertProduct(catalog.db);
    const response = await quote({
      items: [{ productId: tee.id, quantity: 1 }],
      destination: { country: 'DE' },
      shippingMethodId: groundId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The chosen shipping method does not ship to this address',
      code: 'business_rule',
    });
    expect(await activeReservations(tee.id)).toBe(0);
  });

  it('counts active reservations against stock: available = stock - active reservations', async () => {
    const mug = await insertProduct(catalog.db, { name: 'Camp Mug', stock: 3 });
    expect((await quote({ items: [{ productId: mug.id, quantity: 2 }], destination: napa })).statusCode).toBe(
      201,
    );
    const short = await quote({ items: [{ productId: mug.id, quantity: 2 }], destination: napa });
    expect(short.statusCode).toBe(409);
    // The shelf has 3: the 2 another checkout holds are why, and the buyer is told so.
    const message = 'Only 1 Camp Mug left right now: other shoppers are checking out with the rest';
    expect(short.json()).toEqual({
      message,
      code: 'out_of_stock',
      issues: [{ path: ['items', 0], message }],
    });
    expect((await quote({ items: [{ productId: mug.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
    expect(await activeReservations(mug.id)).toBe(3);
  });

  it('lets a reservation lapse after its minutes', async () => {
    const hat = await insertProduct(catalog.db, { stock: 1 });
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      409,
    );
    await catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('productId', '=', hat.id)
      .execute();
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
  });

  it('releases the quote it replaces', async () => {
    const bottle = await insertProduct(catalog.db, { stock: 2 });
    const first = QuoteSchema.parse(
      (await quote({ items: [{ productId: bottle.id, quantity: 2 }], destination: napa })).json(),
    );
    const second = await quote({
      items: [{ productId: bottle.id, quantity: 2 }],
      destination: napa,
      replacesQuoteId: first.quoteId,
    });
    expect(second.statusCode).toBe(201);
    expect(await activeReservations(bottle.id)).toBe(2);
  });

  it('answers 404 for an unknown or deleted product, naming it when it is known', async () => {
    const gone = await insertProduct(catalog.db, { name: 'Gone Cap' });
    await catalog.db
      .updateTable('products')
      .set({ deletedAt: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const unknown = await quote({ items: [{ productId: 999999, quantity: 1 }], destination: napa });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'This product is no longer sold',
      code: 'not_found',
      issues: [{ path: ['items', 0], message: 'This product is no longer sold' }],
    });
    const both = await quote({
      items: [
        { productId: 999999, quantity: 1 },
        { productId: gone.id, quantity: 1 },
      ],
      destination: napa,
    });
    expect(both.statusCode).toBe(404);
    expect(both.json()).toEqual({
      message: '2 items in the cart cannot be sold as asked',
      code: 'not_found',
      issues: [
        { path: ['items', 0], message: 'This product is no longer sold' },
        { path: ['items', 1], message: 'Gone Cap is no longer sold' },
      ],
    });
  });

  it('checks every line and lists every problem at once, reserving nothing', async () => {
    const cap = await insertProduct(catalog.db, { name: 'Short Cap', stock: 2 });
    const lamp = await insertProduct(catalog.db, { name: 'Empty Lamp', stock: 0 });
    const tee = await insertProduct(catalog.db, { name: 'Plenty Tee', stock: 10 });
    const response = await quote({
      items: [
        { productId: tee.id, quantity: 1 },
        { productId: cap.id, quantity: 2 },
        { productId: 999999, quantity: 1 },
        { productId: lamp.id, quantity: 1 },
        // Summed with index 1: 3 caps asked for, 2 on the shelf.
        { productId: cap.id, quantity: 1 },
      ],
      destination: napa,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: '3 items in the cart cannot be sold as asked',
      code: 'out_of_stock',
      issues: [
        { path: ['items', 1], message: 'Only 2 Short Cap left' },
        { path: ['items', 2], message: 'This product is no longer sold' },
        { path: ['items', 3], message: 'Empty Lamp is sold out' },
      ],
    });
    for (const product of [cap, lamp, tee]) expect(await activeReservations(product.id)).toBe(0);
  });

  it('keeps the quote it was to replace when the new one is refused', async () => {
    const boot = await insertProduct(catalog.db, { name: 'Last Boot', stock: 1 });
    const first = QuoteSchema.parse(
      (await quote({ items: [{ productId: boot.id, quantity: 1 }], destination: napa })).json(),
    );
    const refused = await quote({
      items: [{ productId: boot.id, quantity: 2 }],
      destination: napa,
      replacesQuoteId: first.quoteId,
    });
    expect(refused.json()).toMatchObject({
      code: 'out_of_stock',
      issues: [{ path: ['items', 0], message: 'Only 1 Last Boot left' }],
    });
    expect(await activeReservations(boot.id)).toBe(1);
  });

  it('answers 400 for a malformed body', async () => {
    expect((await quote({ items: [], destination: napa })).statusCode).toBe(400);
    expect(
      (await quote({ items: [{ productId: 1, quantity: 1 }], destination: napa, holder: undefined }))
        .statusCode,
    ).toBe(400);
    expect((await quote({ items: [{ productId: 1, quantity: 0 }], destination: napa })).statusCode).toBe(400);
    expect((await quote({ items: [{ productId: 1, quantity: 1 }] })).statusCode).toBe(400);
    expect(
      (await quote({ items: [{ productId: 99_999_999_999, quantity: 1 }], destination: napa })).statusCode,
    ).toBe(400);
  });

  it('is internal: refused without the internal token, even to an admin', async () => {
    const tee = await insertProduct(catalog.db);
    const response = await quote(
      { items: [{ productId: tee.id, quantity: 1 }], destination: napa },
      await as(testAdmin, 'POST', '/internal/quotes'),
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('what one client may hold at once (by default 10 units of a product, 3 checkouts)', () => {
  const one = (productId: number, quantity: number, holder: Holder, extra: object = {}) =>
    quote({ items: [{ productId, quantity }], destination: napa, holder, ...extra });

  it('refuses more than 10 of one product in one checkout with 422, naming the line and holding nothing', async () => {
    const hoodie = await insertProduct(catalog.db, { name: 'Trail Hoodie', stock: 21 });
    const tee = await insertProduct(catalog.db, { name: 'Plain Tee', stock: 5 });
    const response = await quote({
      items: [
        { productId: tee.id, quantity: 1 },
        { productId: hoodie.id, quantity: 21 },
      ],
      destination: napa,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'One shopper can check out at most 10 Trail Hoodie at a time',
      code: 'business_rule',
      issues: [
        { path: ['items', 1], message: 'One shopper can check out at most 10 Trail Hoodie at a time' },
      ],
    });
    expect(await activeReservations(hoodie.id)).toBe(0);
    expect(await activeReservations(tee.id)).toBe(0);
    expect((await one(hoodie.id, 10, anotherClient())).statusCode).toBe(201);
  });

  it("counts the client's other open checkouts: 8 held, 3 more refused, 2 more held", async () => {
    const hoodie = await insertProduct(catalog.db, { name: 'Camp Hoodie', stock: 21 });
    const client = anotherClient();
    expect((await one(hoodie.id, 8, client)).statusCode).toBe(201);
    const refused = await one(hoodie.id, 3, client);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'You already hold 8 Camp Hoodie in another open checkout: one shopper can check out at most 10 at a time',
    );
    expect((await one(hoodie.id, 2, client)).statusCode).toBe(201);
    expect(await activeReservations(hoodie.id)).toBe(10);
    // Everyone else can still hold the other 11.
    expect((await one(hoodie.id, 10, anotherClient())).statusCode).toBe(201);
    expect((await one(hoodie.id, 1, anotherClient())).statusCode).toBe(201);
  });

  it('counts a member across addresses, and an address whoever is logged in there', async () => {
    const mug = await insertProduct(catalog.db, { name: 'Tin Mug', stock: 40 });
    const home = anotherClient().address;
    const phone = anotherClient().address;
    expect((await one(mug.id, 8, { address: home, userId: 4242 })).statusCode).toBe(201);
    // The same member on another network: still one client.
    expect((await one(mug.id, 3, { address: phone, userId: 4242 })).statusCode).toBe(422);
    // Logged out on the same connection: still that address.
    expect((await one(mug.id, 3, { address: home, userId: null })).statusCode).toBe(422);
    // Another member on that connection shares its address too.
    expect((await one(mug.id, 3, { address: home, userId: 4343 })).statusCode).toBe(422);
    // Somebody else entirely is not limited by them.
    expect((await one(mug.id, 3, anotherClient())).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, as every limit per address does', async () => {
    const cap = await insertProduct(catalog.db, { name: 'Sun Cap', stock: 40 });
    expect((await one(cap.id, 8, { address: '2001:db8:7:1::1', userId: null })).statusCode).toBe(201);
    expect((await one(cap.id, 3, { address: '2001:db8:7:1:ffff::2', userId: null })).statusCode).toBe(422);
    expect((await one(cap.id, 3, { address: '2001:db8:7:2::1', userId: null })).statusCode).toBe(201);
  });

  it('refuses a fourth open checkout with 429 until one is replaced, released or lapses', async () => {
    const client = anotherClient();
    const products = await Promise.all(
      ['Map', 'Compass', 'Whistle', 'Torch'].map((name) => insertProduct(catalog.db, { name, stock: 5 })),
    );
    const [map, compass, whistle, torch] = products.map((product) => product.id) as [
      number,
      number,
      number,
      number,
    ];
    const first = QuoteSchema.parse((await one(map, 1, client)).json());
    expect((await one(compass, 1, client)).statusCode).toBe(201);
    const third = QuoteSchema.parse((await one(whistle, 1, client)).json());
    const fourth = await one(torch, 1, client);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'rate_limited',
      message:
        'You already have 3 checkouts open, the most one shopper can have at once. Finish or leave one of them (or wait up to 10 minutes for it to lapse), then try again.',
    });
    expect(await activeReservations(torch)).toBe(0);

    // The same checkout changing its cart replaces its quote: not a fourth one.
    const replaced = await one(torch, 1, client, { replacesQuoteId: first.quoteId });
    expect(replaced.statusCode).toBe(201);
    expect(await activeReservations(map)).toBe(0);

    // A checkout left (released) stops counting at once.
    expect((await one(map, 1, client)).statusCode).toBe(429);
    const release = await catalog.app.inject({
      method: 'POST',
      url: `/internal/quotes/${third.quoteId}/release`,
      headers: internalHeader,
    });
    expect(release.json()).toEqual({ released: true });
    expect((await one(map, 1, client)).statusCode).toBe(201);

    // So does one whose hold lapsed.
    expect((await one(whistle, 1, client)).statusCode).toBe(429);
    await catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('productId', '=', compass)
      .execute();
    expect((await one(whistle, 1, client)).statusCode).toBe(201);
  });

  it('says when open checkouts hold the rest, and plainly when the shelf itself is short', async () => {
    const boot = await insertProduct(catalog.db, { name: 'Wool Sock', stock: 5 });
    const buyer = anotherClient();
    expect((await one(boot.id, 3, anotherClient())).statusCode).toBe(201);
    const short = await one(boot.id, 3, buyer);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(
      'Only 2 Wool Sock left right now: other shoppers are checking out with the rest',
    );
    expect((await one(boot.id, 2, anotherClient())).statusCode).toBe(201);
    expect((await one(boot.id, 1, buyer)).json().message).toBe(
      'Wool Sock is sold out right now: other shoppers are checking out with the rest. Try again in a few minutes',
    );

    const lamp = await insertProduct(catalog.db, { name: 'Gas Lamp', stock: 4 });
    expect((await one(lamp.id, 3, buyer)).statusCode).toBe(201);
    // More than the shelf has: said as before.
    expect((await one(lamp.id, 5, anotherClient())).json().message).toBe('Only 1 Gas Lamp left');
  });
});

describe('hold length and limits from the environment', () => {
  let configured: TestService<Env, CatalogAndOrdersDatabase>;
  beforeAll(async () => {
    configured = await startTestService(service, {
      STOCK_HOLD_MINUTES: '3',
      STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: '2',
      STOCK_HOLD_CHECKOUTS_PER_CLIENT: '1',
    });
    await seed(configured.db);
  });
  afterAll(() => configured?.close());

  const holder = { address: '203.0.113.9', userId: null };
  const inject = (productId: number, quantity: number) =>
    configured.app.inject({
      method: 'POST',
      url: '/internal/quotes',
      headers: internalHeader,
      payload: { items: [{ productId, quantity }], destination: napa, holder },
    });

  it('holds for STOCK_HOLD_MINUTES and limits by STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT and STOCK_HOLD_CHECKOUTS_PER_CLIENT', async () => {
    const cap = await insertProduct(configured.db, { name: 'Env Cap', stock: 10 });
    expect((await inject(cap.id, 3)).statusCode).toBe(422);
    const held = await inject(cap.id, 2);
    expect(held.statusCode).toBe(201);
    const minutes = (Date.parse(QuoteSchema.parse(held.json()).expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(2);
    expect(minutes).toBeLessThanOrEqual(3);
    const tee = await insertProduct(configured.db, { name: 'Env Tee', stock: 10 });
    const second = await inject(tee.id, 1);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(
      'You already have a checkout open, the most one shopper can have at once. Finish or leave it (or wait up to 3 minutes for it to lapse), then try again.',
    );
  });
});

describe('what the shop shows: stock less the holds of open checkouts', () => {
  const listed = async (id: number) => {
    const response = await catalog.app.inject({ url: '/api/products' });
    const product = (response.json() as Array<{ id: number; stock: number; available: number }>).find(
      (candidate) => candidate.id === id,
    );
    return { stock: product?.stock, available: product?.available };
  };
  const detail = async (id: number) => {
    const product = (await catalog.app.inject({ url: `/api/products/${id}` })).json();
    return { stock: product.stock, available: product.available };
  };
  /** Asks until the answer is `expected` (a change written elsewhere reaches the cache by NOTIFY). */
  async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() > deadline) {
        expect(value).toEqual(expected);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('shows what a buyer can buy now on the list and the product, and changes with every hold and release', async () => {
    const scarf = await insertProduct(catalog.db, { name: 'Scarf', stock: 21 });
    await eventually(() => listed(scarf.id), { stock: 21, available: 21 });
    const held = QuoteSchema.parse(
      (await quote({ items: [{ productId: scarf.id, quantity: 10 }], destination: napa })).json(),
    );
    expect(await listed(scarf.id)).toEqual({ stock: 21, available: 11 });
    expect(await detail(scarf.id)).toEqual({ stock: 21, available: 11 });
    await catalog.app.inject({
      method: 'POST',
      url: `/internal/quotes/${held.quoteId}/release`,
      headers: internalHeader,
    });
    expect(await listed(scarf.id)).toEqual({ stock: 21, available: 21 });
    expect(await detail(scarf.id)).toEqual({ stock: 21, available: 21 });
  });

  it('hears a hold made or released by another replica, and a hold that lapses by itself', async () => {
    const belt = await insertProduct(catalog.db, { name: 'Belt', stock: 6 });
    await eventually(() => listed(belt.id), { stock: 6, available: 6 });
    // Another replica's quote: written straight to the table, this process serves no write.
    await catalog.db
      .insertInto('stockReservations')
      .values({
        quoteId: 'another-replica',
        productId: belt.id,
        quantity: 4,
        expiresAt: sql<Date>`now() + interval '2 seconds'`,
        holderAddress: '198.51.100.200',
        holderUserId: null,
      })
      .execute();
    await eventually(() => listed(belt.id), { stock: 6, available: 2 });
    // No write at all: the hold lapses and the cached list with it.
    await eventually(() => listed(belt.id), { stock: 6, available: 6 }, 4000);
  });
});
