import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from './database';

const shippingMethods = [
  { name: 'USPS Ground', carrier: 'USPS', serviceCode: 'usps_ground', estimatedDays: 3 },
  { name: 'UPS 2nd Day Air', carrier: 'UPS', serviceCode: 'ups_2nd_day_air', estimatedDays: 2 },
  {
    name: 'USPS Priority Mail International',
    carrier: 'USPS',
    serviceCode: 'usps_priority_mail_international',
    estimatedDays: 10,
  },
];

const shippingZones = [
  { name: 'United States', countries: ['US'] },
  // '*' matches any country that no other zone names.
  { name: 'Rest of World', countries: ['*'] },
];

const shippingRates = [
  { serviceCode: 'usps_ground', zone: 'United States', baseRate: '9.99' },
  { serviceCode: 'ups_2nd_day_air', zone: 'United States', baseRate: '19.99' },
  { serviceCode: 'usps_priority_mail_international', zone: 'Rest of World', baseRate: '34.99' },
];

/** The shop's merchandise; images ship with the web app under /images/products/. */
export const seedProducts = [
  {
    sku: 'JW-TEE-TRAIL',
    name: 'Jesus Walks Trail Tee',
    description:
      'Soft organic-cotton tee in sage green with our hiker-and-cross emblem on the chest. Breathable for warm valley mornings.',
    price: '24.99',
    category: 'Apparel',
    stock: 48,
    image: 'trail-tee.svg',
  },
  {
    sku: 'JW-HOODIE-SUNRISE',
    name: 'Vineyard Sunrise Hoodie',
    description:
      'Midweight fleece hoodie printed with a sunrise over the vine rows. Kangaroo pocket, brushed lining for chilly ridge tops.',
    price: '54.00',
    category: 'Apparel',
    stock: 22,
    image: 'sunrise-hoodie.svg',
  },
  {
    sku: 'JW-SOCKS-MERINO',
    name: 'Merino Hiking Socks',
    description:
      'Cushioned merino-blend crew socks with a grape-leaf pattern. Wick moisture and keep blisters away on long walks.',
    price: '18.50',
    category: 'Apparel',
    stock: 60,
    image: 'merino-socks.svg',
  },
  {
    sku: 'JW-CAP-TRAIL',
    name: 'Napa Trail Cap',
    description:
      'Six-panel cotton twill cap with an embroidered mountain-and-cross patch and an adjustable brass buckle.',
    price: '22.00',
    category: 'Headwear',
    stock: 35,
    image: 'trail-cap.svg',
  },
  {
    sku: 'JW-HAT-SUN',
    name: 'Wide-Brim Sun Hat',
    description:
      'Packable wide-brim hat with UPF 50 fabric, a chin cord and a vented crown for open vineyard trails.',
    price: '32.00',
    category: 'Headwear',
    stock: 18,
    image: 'sun-hat.svg',
  },
  {
    sku: 'JW-BOTTLE-INSULATED',
    name: 'Insulated Trail Bottle',
    description:
      'Double-wall stainless steel bottle, 24 oz. Keeps water cold for 24 hours; engraved with Psalm 23:2.',
    price: '29.99',
    category: 'Drinkware',
    stock: 40,
    image: 'trail-bottle.svg',
  },
  {
    sku: 'JW-MUG-FELLOWSHIP',
    name: 'Fellowship Camp Mug',
    description:
      'Enamel steel camp mug, 12 oz, cream with a green rim. For coffee at the trailhead and fellowship after the walk.',
    price: '16.00',
    category: 'Drinkware',
    stock: 55,
    image: 'camp-mug.svg',
  },
  {
    sku: 'JW-DAYPACK-18',
    name: 'Ridge Daypack 18L',
    description:
      'Lightweight 18-litre daypack with a padded back panel, hydration sleeve and side pockets for two bottles.',
    price: '64.99',
    category: 'Trail Gear',
    stock: 12,
    image: 'daypack.svg',
  },
  {
    sku: 'JW-STAFF-ASH',
    name: 'Ash Wood Hiking Staff',
    description:
      'Hand-finished ash walking staff with a leather grip and rubber tip. Back in stock after the harvest season.',
    price: '42.00',
    category: 'Trail Gear',
    stock: 0,
    image: 'hiking-staff.svg',
  },
  {
    sku: 'JW-JOURNAL-PRAYER',
    name: 'Prayer & Trail Journal',
    description:
      'Linen-bound journal with 160 dotted pages, trail log pages and a weekly verse to carry on each walk.',
    price: '19.00',
    category: 'Books & Journals',
    stock: 30,
    image: 'prayer-journal.svg',
  },
  {
    sku: 'JW-DEVOTIONAL-PSALMS',
    name: 'Psalms for the Trail',
    description: 'Pocket devotional with thirty short readings from the Psalms, sized for a hip-belt pocket.',
    price: '12.99',
    category: 'Books & Journals',
    stock: 45,
    image: 'psalms-devotional.svg',
  },
  {
    sku: 'JW-BANDANA-TRAIL',
    name: 'Trail Bandana',
    description:
      'Cotton bandana printed with a map of our valley trails. Sun shade, sweat band or napkin at the picnic.',
    price: '11.00',
    category: 'Accessories',
    stock: 70,
    image: 'trail-bandana.svg',
  },
  {
    sku: 'JW-PATCH-SET',
    name: 'Embroidered Patch Set',
    description:
      'Three iron-on patches: the cross, the grape cluster and the mountain trail. For packs and jackets.',
    price: '9.99',
    category: 'Accessories',
    stock: 80,
    image: 'patch-set.svg',
  },
  {
    sku: 'JW-KEYCHAIN-OLIVE',
    name: 'Olive Wood Cross Keychain',
    description: 'Small cross carved from olive wood on a brass ring. Each one has its own grain.',
    price: '8.50',
    category: 'Accessories',
    stock: 3,
    image: 'cross-keychain.svg',
  },
] as const;

async function seedProductCatalog(trx: Transaction<CatalogAndOrdersDatabase>): Promise<void> {
  // Insert-if-missing by SKU: an administrator's edits (price, stock) or deletion survive restarts.
  await trx
    .insertInto('products')
    .values(
      seedProducts.map(({ image, ...product }) => ({
        ...product,
        imageUrl: `/images/products/${image}`,
      })),
    )
    .onConflict((oc) => oc.column('sku').doNothing())
    .execute();
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed: ${key} is missing`);
  return id;
}

async function seedShipping(trx: Transaction<CatalogAndOrdersDatabase>): Promise<void> {
  // Insert-if-missing rather than overwrite: the standalone mode seeds at every start, and an
  // administrator's changes to these rows must survive a restart.
  await trx
    .insertInto('shippingMethods')
    .values(shippingMethods)
    .onConflict((oc) => oc.column('serviceCode').doNothing())
    .execute();
  await trx
    .insertInto('shippingZones')
    .values(shippingZones)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const methods = await trx
    .selectFrom('shippingMethods')
    .select(['id', 'serviceCode'])
    .where(
      'serviceCode',
      'in',
      shippingMethods.map((method) => method.serviceCode),
    )
    .execute();
  const zones = await trx
    .selectFrom('shippingZones')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      shippingZones.map((zone) => zone.name),
    )
    .execute();
  const methodIds = new Map(methods.map((method) => [method.serviceCode, method.id]));
  const zoneIds = new Map(zones.map((zone) => [zone.name, zone.id]));

  await trx
    .insertInto('shippingRates')
    .values(
      shippingRates.map((rate) => ({
        methodId: idOf(methodIds, rate.serviceCode),
        zoneId: idOf(zoneIds, rate.zone),
        baseRate: rate.baseRate,
      })),
    )
    .onConflict((oc) => oc.columns(['methodId', 'zoneId', 'minimumWeight']).doNothing())
    .execute();
}

/** Demo data for the standalone mode; idempotent. */
export async function seed(db: Kysely<CatalogAndOrdersDatabase>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedShipping(trx);
    await seedProductCatalog(trx);
  });
}
