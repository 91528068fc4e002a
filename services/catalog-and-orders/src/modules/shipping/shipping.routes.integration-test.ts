import { ShippingRateSchema } from '@jesus-walks/contracts/shipping';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { seed } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
  await seed(catalog.db);
});
afterAll(() => catalog.close());

async function rates(query: string) {
  const response = await catalog.app.inject({ url: `/api/shipping/rates${query}` });
  return { status: response.statusCode, body: response.json() as unknown };
}

describe('GET /api/shipping/rates', () => {
  it("offers the spec's test method (USPS Ground, 9.99, 3 days) and a faster one to the Napa test address", async () => {
    const { status, body } = await rates('?country=US&state=CA&postalCode=94559');
    expect(status).toBe(200);
    expect(z.array(ShippingRateSchema).parse(body)).toEqual([
      {
        id: expect.any(Number),
        name: 'USPS Ground',
        carrier: 'USPS',
        service: 'Ground',
        rate: 9.99,
        estimatedDays: 3,
        zone: 'United States',
      },
      {
        id: expect.any(Number),
        name: 'UPS 2nd Day Air',
        carrier: 'UPS',
        service: '2nd Day Air',
        rate: 19.99,
        estimatedDays: 2,
        zone: 'United States',
      },
    ]);
  });

  it('defaults the country to US and reads it in any case', async () => {
    const byDefault = await rates('');
    const lower = await rates('?country=us');
    expect(byDefault.body).toEqual(lower.body);
    expect((byDefault.body as Array<{ name: string }>).map((rate) => rate.name)).toEqual([
      'USPS Ground',
      'UPS 2nd Day Air',
    ]);
  });

  it('ships anywhere else through the rest-of-world zone', async () => {
    const { body } = await rates('?country=DE&postalCode=10115');
    expect(body).toEqual([
      {
        id: expect.any(Number),
        name: 'USPS Priority Mail International',
        carrier: 'USPS',
        service: 'Priority Mail International',
        rate: 34.99,
        estimatedDays: 10,
        zone: 'Rest of World',
      },
    ]);
  });

  it('uses the most specific zone, and leaves out inactive methods', async () => {
    const zone = await catalog.db
      .insertInto('shippingZones')
      .values({ name: 'Napa Valley', countries: ['US'], regions: ['CA'], postalCodes: ['945*'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ground = await catalog.db
      .selectFrom('shippingMethods')
      .select('id')
      .where('serviceCode', '=', 'usps_ground')
      .executeTakeFirstOrThrow();
    await catalog.db
      .insertInto('shippingRates')
      .values({ methodId: ground.id, zoneId: zone.id, baseRate: '4.99' })
      .execute();

    const local = (await rates('?country=US&state=ca&postalCode=94559')).body as Array<{
      name: string;
      rate: number;
      zone: string;
    }>;
    expect(local.map(({ name, rate, zone }) => ({ name, rate, zone }))).toEqual([
      { name: 'USPS Ground', rate: 4.99, zone: 'Napa Valley' },
      { name: 'UPS 2nd Day Air', rate: 19.99, zone: 'United States' },
    ]);
    const elsewhere = (await rates('?country=US&state=NY&postalCode=10001')).body as Array<{ rate: number }>;
    expect(elsewhere.map((rate) => rate.rate)).toEqual([9.99, 19.99]);

    await catalog.db
      .updateTable('shippingMethods')
      .set({ isActive: false })
      .where('serviceCode', '=', 'ups_2nd_day_air')
      .execute();
    const withoutUps = (await rates('?country=US')).body as Array<{ name: string }>;
    expect(withoutUps.map((rate) => rate.name)).toEqual(['USPS Ground']);
    await catalog.db
      .updateTable('shippingMethods')
      .set({ isActive: true })
      .where('serviceCode', '=', 'ups_2nd_day_air')
      .execute();
  });

  it('answers an empty list where nothing ships, and 400 for a malformed country', async () => {
    await catalog.db.deleteFrom('shippingZones').where('name', '=', 'Rest of World').execute();
    expect((await rates('?country=FR')).body).toEqual([]);
    expect((await rates('?country=X')).status).toBe(400);
  });
});
