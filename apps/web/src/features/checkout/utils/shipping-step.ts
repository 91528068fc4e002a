import {
  type ShippingAddress,
  ShippingAddressSchema,
  type ShippingMethod,
  type ShippingRate,
  TEST_SHIPPING_METHOD,
} from '@jesus-walks/contracts/shipping';
import type { ToastOptions } from '@/components/ui/use-toast';

/** SPEC.md section 4: the toast when the address step is left incomplete. */
export const MISSING_INFORMATION_TOAST: ToastOptions = {
  variant: 'destructive',
  title: 'Missing Information',
  description: 'Please complete all shipping information',
};

export type ShippingStepResult =
  | { ok: true; address: ShippingAddress; method: ShippingMethod }
  | { ok: false; toast: ToastOptions };

/**
 * Whether the shipping step may move on to payment: only with a complete address (the address
 * schema of SPEC.md section 5) and a chosen shipping method.
 */
export function continueToPayment(values: unknown, method: ShippingMethod | null): ShippingStepResult {
  const address = ShippingAddressSchema.safeParse(values);
  if (!address.success || !method) return { ok: false, toast: MISSING_INFORMATION_TOAST };
  return { ok: true, address: address.data, method };
}

/**
 * The test shortcut's method (SPEC.md section 9: USPS Ground, 9.99, 3 days): the server's own rate
 * for it when the server offers one, so its method id goes with the payment intent; otherwise the
 * constant (and the server picks the cheapest method that serves the address).
 */
export function pickTestShippingMethod(rates: readonly ShippingRate[] | undefined): ShippingMethod {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const candidates = (rates ?? []).filter(
    (rate) =>
      same(rate.carrier, TEST_SHIPPING_METHOD.carrier) && same(rate.service, TEST_SHIPPING_METHOD.service),
  );
  const exact = candidates.find(
    (rate) =>
      rate.rate === TEST_SHIPPING_METHOD.rate && rate.estimatedDays === TEST_SHIPPING_METHOD.estimatedDays,
  );
  const chosen = exact ?? candidates[0];
  return chosen ? toShippingMethod(chosen) : TEST_SHIPPING_METHOD;
}

export function toShippingMethod(rate: ShippingRate): ShippingMethod {
  return {
    id: rate.id,
    carrier: rate.carrier,
    service: rate.service,
    rate: rate.rate,
    estimatedDays: rate.estimatedDays,
  };
}

/** The name the order ships to: the payment step's Full Name starts as it, so nobody types it twice. */
export function shippingName(address: Pick<ShippingAddress, 'firstName' | 'lastName'>): string {
  return [address.firstName, address.lastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** The address lines of the payment step's shipping summary. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    shippingName(address),
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ];
}
