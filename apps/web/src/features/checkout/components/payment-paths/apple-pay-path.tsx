import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import { Badge } from '@/components/ui/badge';
import { getApplePayConfig } from '../../api/get-apple-pay-config';
import { processApplePayPayment } from '../../api/process-apple-pay-payment';
import { validateApplePayMerchant } from '../../api/validate-apple-pay-merchant';
import { contactIssuesOf } from '../../utils/contact-schema';
import { attemptLimitMessage, type PayableIntent } from '../../utils/payment-intent';
import { payWithApplePay, WALLET_MESSAGES } from '../../utils/wallets';
import { type PathResult, type PaymentPath, paymentReference, rethrowContactRefusal } from './payment-path';

/**
 * Apple Pay: Apple's payment sheet, the merchant validated through our server, its token charged
 * for the quoted total. Its tile is offered only where the device can pay (withDeviceSupport).
 */
export const applePayPath: PaymentPath = {
  render: ({ intent }) => (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      Apple's payment sheet opens when you pay.
      {intent.testMode ? <Badge variant="warning">Test mode</Badge> : null}
    </p>
  ),
  async prepare() {
    return { pay: payWithApple };
  },
  blocked: false,
  ownButton: false,
};

async function payWithApple(intent: PayableIntent, contact: PaymentContact): Promise<PathResult> {
  const reference = paymentReference(intent);
  // Apple's sheet only hears that the charge failed; a refused contact still goes on to the step.
  let refused: unknown = null;
  try {
    const config = await getApplePayConfig();
    const outcome = await payWithApplePay({
      config,
      amount: intent.total,
      validate: (validationURL) =>
        validateApplePayMerchant({ validationURL, domainName: window.location.hostname }),
      charge: async (token) => {
        try {
          const result = await processApplePayPayment({
            ...reference,
            description: 'Jesus Walks order',
            paymentToken: token,
            contact,
          });
          return result.success;
        } catch (error) {
          if (contactIssuesOf(error).length > 0) refused = error;
          throw error;
        }
      },
    });
    if (outcome.ok) return { ok: true };
    if (refused) throw refused;
    return {
      ok: false,
      error: outcome.cancelled ? WALLET_MESSAGES.applePayCancelled : WALLET_MESSAGES.applePayFailed,
    };
  } catch (error) {
    rethrowContactRefusal(error);
    return { ok: false, error: attemptLimitMessage(error) ?? WALLET_MESSAGES.applePayFailed };
  }
}
