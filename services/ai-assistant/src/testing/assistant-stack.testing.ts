// The real peers (devDependencies), not stand-ins: the assistant asks them over HTTP.
import { service as catalogService } from '@jesus-walks/catalog-and-orders/service';
import { service as contentService } from '@jesus-walks/content-and-events/service';
import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import type { OrderStatus } from '@jesus-walks/contracts/orders';
import type { BaseServiceEnv } from '@jesus-walks/service-kit/service-definition';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import type { AiAssistantDatabase } from '../db/database';
import type { Env } from '../env';
import { service } from '../service';

/** A peer service (its env and table types are its own). */
// biome-ignore lint/suspicious/noExplicitAny: the peers' table types are theirs
export type Peer = TestService<BaseServiceEnv, any>;

export interface AssistantStack {
  ai: TestService<Env, AiAssistantDatabase>;
  catalog: Peer;
  content: Peer;
  close(): Promise<void>;
}

async function listen(peer: Peer): Promise<string> {
  await peer.app.listen({ host: '127.0.0.1', port: 0 });
  const address = peer.app.server.address();
  if (!address || typeof address === 'string') throw new Error('peer is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The assistant wired over HTTP to a real catalog-and-orders and a real content-and-events, each
 * on its own fresh database, as in production.
 */
export async function startAssistantStack(extraEnv: Record<string, string> = {}): Promise<AssistantStack> {
  const [catalog, content] = await Promise.all([
    startTestService(catalogService),
    startTestService(contentService),
  ]);
  const [catalogUrl, contentUrl] = await Promise.all([listen(catalog), listen(content)]);
  const ai = await startTestService(service, {
    CATALOG_AND_ORDERS_URL: catalogUrl,
    CONTENT_AND_EVENTS_URL: contentUrl,
    ...extraEnv,
  });
  return {
    ai,
    catalog,
    content,
    async close() {
      await ai.close();
      await Promise.all([catalog.close(), content.close()]);
    },
  };
}

/** Asks the assistant as a member (signed identity) or a guest, from a client address. */
export async function ask(
  ai: TestService<Env, AiAssistantDatabase>,
  body: { message: string; context?: AssistantContext; conversationId?: string },
  options: { as?: Identity | null; address?: string } = {},
) {
  const url = '/api/ai/agent';
  const address = options.address ?? '203.0.113.10';
  return ai.app.inject({
    method: 'POST',
    url,
    payload: body,
    ...(options.as
      ? { headers: await identityHeaders(options.as, 'POST', url, address) }
      : { remoteAddress: address }),
  });
}

/** A product in the catalog, straight into its table. */
export async function insertProduct(
  catalog: Peer,
  values: { name: string; price: string; stock?: number; category?: string; description?: string },
): Promise<number> {
  const row = await catalog.db
    .insertInto('products')
    .values({
      name: values.name,
      description: values.description ?? `${values.name} for the trail`,
      price: values.price,
      stock: values.stock ?? 10,
      category: values.category ?? 'Gear',
      imageUrl: '/images/products/trail-cap.svg',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order of a member, straight into the catalog's tables. */
export async function insertOrder(
  catalog: Peer,
  values: {
    userId: number | null;
    status: OrderStatus;
    productId: number;
    quantity?: number;
    price: string;
    trackingNumber?: string;
    carrier?: string;
  },
): Promise<number> {
  const quantity = values.quantity ?? 1;
  const order = await catalog.db
    .insertInto('orders')
    .values({
      userId: values.userId,
      status: values.status,
      total: (Number(values.price) * quantity).toFixed(2),
      shippingAddress: { fullName: 'Private Person', street: '1 Secret Lane', city: 'Napa' },
      customerEmail: `private${values.userId}@example.com`,
      customerName: 'Private Person',
      trackingNumber: values.trackingNumber ?? null,
      shippingCarrier: values.carrier ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await catalog.db
    .insertInto('orderItems')
    .values({ orderId: order.id, productId: values.productId, quantity, price: values.price })
    .execute();
  return order.id;
}
