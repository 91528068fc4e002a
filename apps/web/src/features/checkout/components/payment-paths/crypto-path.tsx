import type { CryptoProvider } from '@jesus-walks/contracts/payments';
import { CryptoPayment } from '../crypto-payment';
import type { PaymentPath } from './payment-path';

interface CryptoPathOptions {
  /** The crypto providers the server offers (stripe, coinbase). */
  providers: readonly CryptoProvider[];
  /** The step validates and records the buyer's contact before the charge (the e-mail is required). */
  prepareContact: () => Promise<{ email: string } | null>;
  /** The processor said paid: the step finalises the purchase as for every other method. */
  onPaid: () => Promise<void>;
}

/**
 * Crypto: a charge paid on the processor's page (or the sandbox's), watched until it is paid. It
 * has its own button, since the charge starts before the payment is made and is paid elsewhere.
 */
export function cryptoPath({ providers, prepareContact, onPaid }: CryptoPathOptions): PaymentPath {
  return {
    render: ({ intent, disabled }) => (
      <CryptoPayment
        key={intent.paymentId}
        paymentId={intent.paymentId}
        paymentSecret={intent.paymentSecret}
        total={intent.total}
        providers={providers}
        disabled={disabled}
        prepare={prepareContact}
        onPaid={onPaid}
      />
    ),
    // Paid through its own button, never the step's.
    prepare: async () => ({ error: null }),
    blocked: false,
    ownButton: true,
  };
}
