import {
  type CompleteRegistrationBody,
  checkoutRoutes,
  type PaidRegistration,
} from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER } from '@jesus-walks/contracts/events';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CompleteRegistrationBody, PaidRegistration };

export interface CompleteRegistrationInput {
  body: CompleteRegistrationBody;
  /** One key per payment: the same payment twice is the same registration. */
  idempotencyKey: string;
}

/**
 * POST /api/checkout/complete-registration with the succeeded payment's id: the seat's
 * registration confirmed. 409 with the refund's words when the seat could not be given.
 */
export function completeRegistration(input: CompleteRegistrationInput): Promise<PaidRegistration> {
  return callApi(checkoutRoutes.completeRegistration, {
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration });
}
