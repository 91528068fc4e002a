import { useState } from 'react';
import { processSafekeyPayment } from '../../api/process-safekey-payment';
import { attemptLimitMessage } from '../../utils/payment-intent';
import {
  SAFEKEY_CHECKOUT_WAIT_MS,
  SAFEKEY_MESSAGES,
  type SafekeyState,
  safekeyInputError,
  wait,
} from '../../utils/safekey';
import { SafekeyFields } from '../safekey-fields';
import { type PaymentPath, paymentReference } from './payment-path';

/**
 * SafeKey: the buyer's mobile number and card number, then SafeKey's confirmation on their phone.
 * The numbers are kept while the step is shown.
 */
export function useSafekeyPath(): PaymentPath {
  const [safekey, setSafekey] = useState({ mobileNumber: '', cardNumber: '' });
  const [safekeyState, setSafekeyState] = useState<SafekeyState>('idle');
  return {
    render: ({ intent }) => (
      <SafekeyFields
        {...safekey}
        onChange={setSafekey}
        state={safekeyState}
        testMode={intent.testMode}
        disabled={safekeyState === 'pending'}
      />
    ),
    async prepare() {
      const problem = safekeyInputError(safekey);
      if (problem) return { error: problem };
      return {
        async pay(intent) {
          setSafekeyState('pending');
          try {
            const result = await processSafekeyPayment({ ...paymentReference(intent), ...safekey });
            if (!result.success) {
              setSafekeyState('error');
              return { ok: false, error: result.error ?? SAFEKEY_MESSAGES.failed };
            }
            // SPEC.md section 4: after SafeKey accepts, the checkout waits 4 s, then reports success.
            await wait(SAFEKEY_CHECKOUT_WAIT_MS);
            setSafekeyState('success');
            return { ok: true };
          } catch (error) {
            setSafekeyState('error');
            return { ok: false, error: attemptLimitMessage(error) ?? SAFEKEY_MESSAGES.processingFailed };
          }
        },
      };
    },
    blocked: false,
    ownButton: false,
  };
}
