import { useCallback, useRef } from 'react';
import { SquareCardForm, type SquareConfirm } from '../square-card-form';
import type { PaymentPath } from './payment-path';

/**
 * Square's own card form: the Square tile when the intent is Square's (its keys configured). The
 * card's token goes to payments with the buyer's contact.
 */
export function useSquarePath(): PaymentPath {
  const squareConfirm = useRef<SquareConfirm | null>(null);
  const onConfirmReady = useCallback((confirm: SquareConfirm | null) => {
    squareConfirm.current = confirm;
  }, []);
  return {
    render: ({ intent }) => (
      <SquareCardForm
        paymentId={intent.paymentId}
        paymentSecret={intent.paymentSecret}
        onConfirmReady={onConfirmReady}
      />
    ),
    async prepare() {
      if (!squareConfirm.current) return { error: 'Payment form not ready' };
      return {
        async pay(_intent, contact) {
          const confirm = squareConfirm.current;
          const result = confirm ? await confirm(contact) : { error: 'Payment system not ready' };
          return 'error' in result ? { ok: false, error: result.error } : { ok: true };
        },
      };
    },
    blocked: false,
    ownButton: false,
  };
}
