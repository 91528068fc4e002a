import type { CryptoProvider } from '@jesus-walks/contracts/payments';
import { type CryptoContact, CryptoPayment } from '../crypto-payment';
import type { PaymentPath } from './payment-path';

interface CryptoPathOptions {
  /** The crypto providers the server offers (stripe, coinbase). */
  providers: readonly CryptoProvider[];
  /**
   * The step validates the buyer's contact before the charge (the e-mail is required); the charge
   * carries it (its customer e-mail, and the contact payments records on the payment).
   */
  prepareContact: () => Promise<CryptoContact | null>;
  /** A charge refused for its contact: the step shows it on the contact's fields (true when it was). */
  contactRefused: (error: unknown) => boolean;
  /** The processor said paid: the step finalises the purchase as for every other method. */
  onPaid: () => Promise<void>;
}

/**
 * Crypto: a charge paid on the processor's page (or the sandbox's), watched until it is paid. It
 * has its own button, since the charge starts before the payment is made and is paid elsewhere.
 */
export function cryptoPath({
  providers,
  prepareContact,
  contactRefused,
  onPaid,
}: CryptoPathOptions): PaymentPath {
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
        contactRefused={contactRefused}
        onPaid={onPaid}
      />
    ),
    // Paid through its own button, never the step's.
    prepare: async () => ({ error: null }),
    blocked: false,
    ownButton: true,
  };
}
