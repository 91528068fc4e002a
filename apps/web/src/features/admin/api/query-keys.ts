/** Keys of the admin dashboard's lists (own keys: the shop's product cache keeps its own rules). */
export const adminQueryKeys = {
  users: ['admin', 'users'] as const,
  orders: ['admin', 'orders'] as const,
  products: ['admin', 'products'] as const,
};
