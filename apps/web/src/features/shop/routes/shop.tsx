import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { useAddToCart } from '@/lib/cart/use-add-to-cart';
import { formatCount } from '@/lib/format';
import { useProducts } from '@/lib/products/get-products';
import { useSiteOrigin } from '@/lib/site-origin';
import { ProductCard } from '../components/product-card';
import { ProductsEmpty, ProductsError, ProductsLoading } from '../components/products-status';
import { productListStructuredData } from '../utils/product-structured-data';

function foundText(count: number): string {
  return `Found ${formatCount(count, { one: 'product', other: 'products' })}`;
}

const SHOP_DESCRIPTION =
  'Shirts, caps and trail gear from Jesus Walks, the faith-based hiking group of the Napa Valley. Every purchase helps keep our walks free.';

function ShopHead() {
  const products = useProducts();
  const origin = useSiteOrigin();
  return (
    <PageHead
      title="Shop"
      description={SHOP_DESCRIPTION}
      path="/shop"
      structuredData={products.data?.length ? [productListStructuredData(products.data, origin)] : []}
    />
  );
}

export function ShopRoute() {
  const products = useProducts();
  const handleAddToCart = useAddToCart();

  return (
    <>
      <ShopHead />
      <PageHeader
        title="Shop"
        eyebrow="Jesus Walks merch"
        description="Shirts, caps and trail gear for the walk. Every purchase helps keep our walks free."
      />
      <Container className="py-10 md:py-14">
        {products.isPending ? (
          <ProductsLoading />
        ) : products.isError ? (
          <ProductsError onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : products.data.length === 0 ? (
          <ProductsEmpty onRefresh={() => void products.refetch()} refreshing={products.isFetching} />
        ) : (
          <section aria-labelledby="products-found" className="grid gap-6">
            <p id="products-found" className="text-sm font-medium text-muted-foreground" aria-live="polite">
              {foundText(products.data.length)}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
              {products.data.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} onAddToCart={handleAddToCart} priority={index < 3} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </Container>
    </>
  );
}
