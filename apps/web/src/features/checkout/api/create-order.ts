import { type CreateOrderBody, checkoutRoutes, type OrderCreated } from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER } from '@jesus-walks/contracts/events';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CreateOrderBody, OrderCreated };

export interface CreateOrderInput {
  body: CreateOrderBody;
  /** One key per payment: the same payment twice is the same order. */
  idempotencyKey: string;
}

/** POST /api/orders with the succeeded payment's id and an Idempotency-Key; answers the order's id. */
export function createOrder(input: CreateOrderInput): Promise<OrderCreated> {
  return callApi(checkoutRoutes.createOrder, {
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
