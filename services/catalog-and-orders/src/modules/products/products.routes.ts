import { productRoutes } from '@jesus-walks/contracts/products';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import type { PublicReadCache } from '@jesus-walks/service-kit/public-read-cache';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import {
  createProduct,
  createTestProduct,
  deleteProduct,
  editProduct,
  getProduct,
  listProducts,
} from './products.service';

export function registerProductsRoutes(
  app: ServiceApp,
  deps: CatalogDeps,
  publicReads: PublicReadCache,
): void {
  // The whole catalogue, the same for everyone: kept until a product or a checkout's hold changes
  // (migrations 0006 and 0008), or until the first hold lapses and its units come back by themselves.
  // An admin asking for the test products too gets an answer of their own: never kept in that
  // shared cache, nor by any other (no-store), so it cannot reach a visitor.
  registerRoute(app, productRoutes.list, async (request, reply) => {
    if (request.query.includeTest === 'true' && request.identity?.isAdmin) {
      const { products } = await listProducts(deps, { includeTest: true });
      return reply.header('cache-control', 'no-store').send(products);
    }
    return publicReads.serve(request, reply, {
      key: 'products',
      schema: productRoutes.list.responses[200],
      build: async () => {
        const { products, validUntil } = await listProducts(deps);
        return { body: products, validUntil: validUntil ?? undefined };
      },
    });
  });
  // A test product is found by an admin only; to anyone else it does not exist.
  registerRoute(app, productRoutes.get, async (request) =>
    getProduct(deps, { id: request.params.id, includeTest: request.identity?.isAdmin === true }),
  );
  registerRoute(app, productRoutes.create, async (request, reply) =>
    reply.code(201).send(await createProduct(deps, { product: request.body, actor: identityOf(request) })),
  );
  registerRoute(app, productRoutes.update, async (request) =>
    editProduct(deps, { id: request.params.id, product: request.body, actor: identityOf(request) }),
  );
  registerRoute(app, productRoutes.delete, async (request) =>
    deleteProduct(deps, { id: request.params.id, actor: identityOf(request) }),
  );
  registerRoute(app, productRoutes.createTest, async (request, reply) =>
    reply.code(201).send(await createTestProduct(deps, { actor: identityOf(request) })),
  );
}
