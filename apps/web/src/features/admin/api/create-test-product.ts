import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** POST /api/admin/create-test-product, no body. */
export function createTestProduct(): Promise<Product> {
  return callApi(productRoutes.createTest);
}

export function useCreateTestProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestProduct,
    onSuccess: async () => {
      notifySuccess('Test product created successfully');
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.products });
    },
    onError: (error) => notifyError(error, 'Failed to create test product'),
  });
}
