import { type Product, type ProductInput, productRoutes } from '@jesus-walks/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export interface UpdateProductInput {
  id: number;
  body: ProductInput;
}

/** PUT /api/products/{id}, body name, description, price, category, stock, imageUrl. */
export function updateProduct({ id, body }: UpdateProductInput): Promise<Product> {
  return callApi(productRoutes.update, { params: { id }, body });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async () => {
      notifySuccess('Product updated successfully');
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.products });
    },
    onError: (error) => notifyError(error, 'Failed to update product'),
  });
}
