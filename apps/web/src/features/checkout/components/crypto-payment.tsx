import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import {
  CRYPTO_POLL_INTERVAL_MS,
  CRYPTO_POLL_TIMEOUT_MS,
  type Cryptocurrency,
  type CryptoProvider,
  cryptoAmount,
  cryptocurrencies,
} from '@jesus-walks/contracts/payments';
import { BitcoinIcon, ExternalLinkIcon, LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatPrice } from '@/lib/format';
import { useCryptoRates } from '../api/get-crypto-rates';
import { useProcessCryptoPayment } from '../api/process-crypto-payment';
import { verifyCryptoPayment } from '../api/verify-crypto-payment';
import { hostedChargeUrl } from '../utils/hosted-charge';

export const coinLabels: Record<Cryptocurrency, string> = {
  bitcoin: 'Bitcoin (BTC)',
  ethereum: 'Ethereum (ETH)',
  usdc: 'USD Coin (USDC)',
  litecoin: 'Litecoin (LTC)',
};
const providerLabels: Record<CryptoProvider, string> = { stripe: 'Stripe', coinbase: 'Coinbase Commerce' };

export const CRYPTO_FAILED = 'Crypto payment failed';
export const CRYPTO_EXPIRED = 'Payment expired. Please try again.';
export const CRYPTO_TIMEOUT = 'Payment verification timeout';

/** The buyer's contact as a crypto charge needs it: the e-mail is required. */
export type CryptoContact = PaymentContact & { email: string };

type CryptoState =
  | { status: 'idle' }
  | {
      status: 'pending';
      provider: CryptoProvider;
      paymentUrl: string | null;
      walletAddress: string | null;
      cryptoAmount: string | null;
      startedAt: number;
    }
  | { status: 'success' }
  | { status: 'error'; message: string };

interface CryptoPaymentProps {
  paymentId: string;
  /**
   * The payment's secret: sent with the charge (the contact is recorded only with it) and handed
   * to the sandbox's hosted page, which pays only with it.
   */
  paymentSecret: string;
  /** The checkout's quoted total (USD). */
  total: string;
  providers: readonly CryptoProvider[];
  disabled: boolean;
  /** Validates the buyer's contact (the e-mail is required); null when it is not valid. */
  prepare: () => Promise<CryptoContact | null>;
  /**
   * The charge was refused for its contact (a 400 naming its fields): true when the step took it
   * (shown on the contact's fields), so the charge stays as it was, ready to try again.
   */
  contactRefused: (error: unknown) => boolean;
  /** The processor said paid: create the order as every other method does. */
  onPaid: () => Promise<void>;
}

/**
 * The Crypto method (SPEC.md section 4): coin and provider, the amount in coin from the rates,
 * then idle -> pending (the payment page opened, verification polled every 5 s) -> success or error.
 */
export function CryptoPayment({
  paymentId,
  paymentSecret,
  total,
  providers,
  disabled,
  prepare,
  contactRefused,
  onPaid,
}: CryptoPaymentProps) {
  const rates = useCryptoRates();
  const processPayment = useProcessCryptoPayment();
  const [coin, setCoin] = useState<Cryptocurrency>('bitcoin');
  const [provider, setProvider] = useState<CryptoProvider>(providers[0] ?? 'coinbase');
  const [state, setState] = useState<CryptoState>({ status: 'idle' });
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const rate = rates.data?.find((candidate) => candidate.cryptocurrency === coin);
  const amountInCoin = rate ? cryptoAmount(Number(total), rate.rate) : null;
  const fallback = rate?.source === 'fallback';

  // While pending: ask the server every 5 s; stop on success, on an expiry, or after 30 minutes.
  const pending = state.status === 'pending' ? state : null;
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (Date.now() - pending.startedAt >= CRYPTO_POLL_TIMEOUT_MS) {
        stopped = true;
        clearInterval(timer);
        setState({ status: 'error', message: CRYPTO_TIMEOUT });
        return;
      }
      try {
        const result = await verifyCryptoPayment({ paymentId, provider: pending.provider });
        if (stopped) return;
        if (result.success) {
          stopped = true;
          clearInterval(timer);
          setState({ status: 'success' });
          await onPaidRef.current();
        } else if (result.error?.toLowerCase().includes('expired')) {
          stopped = true;
          clearInterval(timer);
          setState({ status: 'error', message: CRYPTO_EXPIRED });
        }
      } catch {
        // A failed poll is retried at the next tick.
      }
    }, CRYPTO_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, paymentId]);

  async function start() {
    const contact = await prepare();
    if (!contact) return;
    try {
      const result = await processPayment.mutateAsync({
        provider,
        body: {
          amount: Number(total),
          currency: 'USD',
          cryptocurrency: coin,
          description: 'Jesus Walks order',
          merchantReference: `ORDER-${Date.now()}`,
          customerEmail: contact.email,
          paymentId,
          // Only the browser that started the payment names its buyer: the contact goes with its secret.
          paymentSecret,
          contact,
        },
      });
      if (!result.success) {
        setState({ status: 'error', message: result.error ?? CRYPTO_FAILED });
        return;
      }
      const paymentUrl = result.paymentUrl ? hostedChargeUrl(result.paymentUrl, paymentSecret) : null;
      setState({
        status: 'pending',
        provider,
        paymentUrl,
        walletAddress: result.walletAddress ?? null,
        cryptoAmount: result.cryptoAmount ?? amountInCoin,
        startedAt: Date.now(),
      });
      if (paymentUrl) window.open(paymentUrl, '_blank', 'noopener');
    } catch (error) {
      if (contactRefused(error)) return;
      setState({ status: 'error', message: CRYPTO_FAILED });
    }
  }

  if (state.status === 'pending') {
    return (
      <div
        className="grid gap-3 rounded-lg border border-border p-4"
        data-testid="crypto-pending"
        aria-live="polite"
      >
        <p className="flex items-center gap-2 font-medium">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-primary" />
          Waiting for your payment...
        </p>
        {state.cryptoAmount ? (
          <p className="text-sm">
            Send <span className="font-mono font-semibold">{state.cryptoAmount}</span> {coinLabels[coin]}
          </p>
        ) : null}
        {state.walletAddress ? (
          <p className="break-all text-sm">
            To <span className="font-mono">{state.walletAddress}</span>
          </p>
        ) : null}
        {state.paymentUrl ? (
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={state.paymentUrl} target="_blank" rel="noopener" data-testid="crypto-payment-link">
              <ExternalLinkIcon aria-hidden="true" />
              Open payment page
            </a>
          </Button>
        ) : null}
        <p className="text-xs text-muted-foreground">
          We check every 5 seconds; this page moves on once it is paid.
        </p>
      </div>
    );
  }
  if (state.status === 'success') {
    return (
      <p role="status" className="text-sm font-medium">
        Payment received. Creating your order...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="payment-error">
          {state.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => setState({ status: 'idle' })}>
          <RefreshCwIcon aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-4" data-testid="crypto-payment">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1.5 text-sm font-medium" htmlFor="crypto-coin">
          Cryptocurrency
          <NativeSelect
            id="crypto-coin"
            value={coin}
            onChange={(event) => setCoin(event.target.value as Cryptocurrency)}
            disabled={disabled}
          >
            {cryptocurrencies.map((candidate) => (
              <option key={candidate} value={candidate}>
                {coinLabels[candidate]}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1.5 text-sm font-medium" htmlFor="crypto-provider">
          Provider
          <NativeSelect
            id="crypto-provider"
            value={provider}
            onChange={(event) => setProvider(event.target.value as CryptoProvider)}
            disabled={disabled || providers.length < 2}
          >
            {providers.map((candidate) => (
              <option key={candidate} value={candidate}>
                {providerLabels[candidate]}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <p className="text-sm" data-testid="crypto-amount">
        {amountInCoin ? (
          <>
            <span className="font-mono font-semibold">{amountInCoin}</span> {coinLabels[coin]} for{' '}
            {formatPrice(total)}
            {fallback ? (
              <span className="block text-xs text-muted-foreground">
                Approximate rate{rate?.asOf ? ` (as of ${rate.asOf})` : ''}; the payment page shows the exact
                amount.
              </span>
            ) : null}
          </>
        ) : (
          'Loading exchange rates...'
        )}
      </p>
      <Button
        type="button"
        size="lg"
        onClick={() => void start()}
        disabled={disabled || processPayment.isPending}
      >
        {processPayment.isPending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <BitcoinIcon aria-hidden="true" />
        )}
        {`Pay ${formatPrice(total)} with Crypto`}
      </Button>
    </div>
  );
}
