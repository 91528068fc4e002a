import type { Product } from '@/lib/products/get-products';

/**
 * The shop's products for search engines: an ItemList of schema.org Product, each with an Offer
 * carrying its price and whether it is in stock. Products have no page of their own, so each
 * points at its card on the shop page.
 */
export function productListStructuredData(
  products: readonly Product[],
  origin: string,
): Record<string, unknown> {
  const shop = new URL('/shop', origin).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Jesus Walks shop',
    url: shop,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        '@id': `${shop}#product-${product.id}`,
        name: product.name,
        description: product.description,
        ...(product.imageUrl ? { image: new URL(product.imageUrl, origin).toString() } : {}),
        category: product.category,
        sku: String(product.id),
        brand: { '@type': 'Brand', name: 'Jesus Walks' },
        offers: {
          '@type': 'Offer',
          price: Number(product.price).toFixed(2),
          priceCurrency: 'USD',
          availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: `${shop}#product-${product.id}`,
        },
      },
    })),
  };
}
