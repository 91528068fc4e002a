import { expect } from 'vitest';
import { demoAdmin } from './demo-admin';

// Spec files run three at a time against one site (vitest.config.ts), so what a spec counts must
// be its own: a spec that asserts exact stock, seats or orders makes the product or the walk it
// counts through the admin API, under a name no other spec uses (and that contains no other
// product's name: the specs find a product's card by a part of its name).

/** Unique per spec file and run: a site that has already seen the spec has none of its names. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

async function asAdmin(baseUrl: string, path: string, body: unknown): Promise<Response> {
  const { cookie } = await demoAdmin(baseUrl);
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
}

export interface OwnProduct {
  id: number;
  name: string;
}

/** A product on sale in the shop, made by the demo administrator. */
export async function createProduct(
  baseUrl: string,
  product: { name: string; price: number; stock: number; category: string; imageUrl: string },
): Promise<OwnProduct> {
  const response = await asAdmin(baseUrl, '/api/products', {
    description: `${product.name}, made by the end-to-end tests.`,
    ...product,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, name: product.name };
}

/** A walk open for registration `inDays` from now, made by the demo administrator. */
export async function createEvent(
  baseUrl: string,
  event: { title: string; capacity: number; price: number; inDays: number },
): Promise<{ id: number; title: string }> {
  const response = await asAdmin(baseUrl, '/api/events', {
    title: event.title,
    description: 'A walk made by the end-to-end tests.',
    location: 'Napa, CA',
    date: new Date(Date.now() + event.inDays * 86_400_000).toISOString(),
    capacity: event.capacity,
    price: event.price,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, title: event.title };
}
