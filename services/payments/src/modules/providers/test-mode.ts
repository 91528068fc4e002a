import type { Providers } from './providers';

/**
 * Whether a payment moved no real money: the built-in sandbox took it, or SafeKey's sandbox network
 * did (a SafeKey payment names 'safekey' whichever network answered; one process talks to one).
 * The admin marks such payments, their orders and registrations 'Test mode' and leaves them out of
 * the revenue, so the sellers are told at fulfilment.
 */
export function isTestModePayment(
  providers: Pick<Providers, 'safekey'>,
  payment: { provider: string },
): boolean {
  if (payment.provider === 'sandbox') return true;
  return payment.provider === 'safekey' && providers.safekey?.network.mode === 'sandbox';
}
