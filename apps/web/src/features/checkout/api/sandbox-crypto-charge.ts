import { cryptoRoutes, type SandboxCryptoCharge } from '@jesus-walks/contracts/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { SandboxCryptoCharge };

/** GET /api/crypto/sandbox/charges/:code: the sandbox's hosted charge (test mode). */
export function getSandboxCryptoCharge(code: string, signal?: AbortSignal): Promise<SandboxCryptoCharge> {
  return callApi(cryptoRoutes.sandboxCharge, { params: { code }, signal });
}

export function getSandboxCryptoChargeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['crypto', 'sandbox-charge', code] as const,
    queryFn: ({ signal }) => getSandboxCryptoCharge(code, signal),
    retry: false,
  });
}

export function useSandboxCryptoCharge(code: string) {
  return useQuery(getSandboxCryptoChargeQueryOptions(code));
}

/** Pays the charge ('complete') or lets it expire ('expire'), with its payment's secret. */
export function settleSandboxCryptoCharge(input: {
  code: string;
  action: 'complete' | 'expire';
  paymentSecret: string;
}): Promise<SandboxCryptoCharge> {
  const route =
    input.action === 'complete' ? cryptoRoutes.sandboxChargeComplete : cryptoRoutes.sandboxChargeExpire;
  return callApi(route, { params: { code: input.code }, body: { paymentSecret: input.paymentSecret } });
}

export function useSettleSandboxCryptoCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleSandboxCryptoCharge,
    onSuccess: (charge) => {
      queryClient.setQueryData(getSandboxCryptoChargeQueryOptions(charge.code).queryKey, charge);
    },
  });
}
