import { type ProductDeleted, productRoutes } from '@jesus-walks/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** DELETE /api/products/{id}. */
export function deleteProduct(id: number): Promise<ProductDeleted> {
  return callApi(productRoutes.delete, { params: { id } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async () => {
      notifySuccess('Product deleted successfully');
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.products });
    },
    onError: (error) => notifyError(error, 'Failed to delete product'),
  });
}
