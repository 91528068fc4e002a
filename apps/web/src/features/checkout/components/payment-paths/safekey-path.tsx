import { useState } from 'react';
import { processSafekeyPayment } from '../../api/process-safekey-payment';
import { contactIssuesOf } from '../../utils/contact-schema';
import { attemptLimitMessage } from '../../utils/payment-intent';
import {
  SAFEKEY_CHECKOUT_WAIT_MS,
  SAFEKEY_MESSAGES,
  type SafekeyState,
  safekeyInputError,
  wait,
} from '../../utils/safekey';
import { SafekeyFields } from '../safekey-fields';
import { type PaymentPath, paymentReference, rethrowContactRefusal } from './payment-path';

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
        async pay(intent, contact) {
          setSafekeyState('pending');
          try {
            const result = await processSafekeyPayment({ ...paymentReference(intent), ...safekey, contact });
            if (!result.success) {
              setSafekeyState('error');
              return { ok: false, error: result.error ?? SAFEKEY_MESSAGES.failed };
            }
            // SPEC.md section 4: after SafeKey accepts, the checkout waits 4 s, then reports success.
            await wait(SAFEKEY_CHECKOUT_WAIT_MS);
            setSafekeyState('success');
            return { ok: true };
          } catch (error) {
            // A refused contact is not SafeKey's failure: its fields say what to change.
            setSafekeyState(contactIssuesOf(error).length > 0 ? 'idle' : 'error');
            rethrowContactRefusal(error);
            return { ok: false, error: attemptLimitMessage(error) ?? SAFEKEY_MESSAGES.processingFailed };
          }
        },
      };
    },
    blocked: false,
    ownButton: false,
  };
}
