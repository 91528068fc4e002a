import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useConfirmSandboxPayment } from '../../api/confirm-sandbox-payment';
import { emptySandboxCard, type SandboxCard, SandboxCardSchema } from '../../utils/sandbox-card';
import { SandboxCardFields } from '../sandbox-card-fields';
import type { PaymentPath } from './payment-path';

/**
 * The built-in sandbox's card form: the Stripe and Square tiles without their keys. One form for
 * both tiles, kept while the step is shown, so a card typed in stays when the buyer looks at
 * another tile and comes back.
 */
export function useSandboxCardPath(): PaymentPath {
  const cardForm = useForm<SandboxCard>({
    resolver: zodResolver(SandboxCardSchema),
    mode: 'onTouched',
    defaultValues: emptySandboxCard,
  });
  const confirmSandbox = useConfirmSandboxPayment();
  return {
    render: () => <SandboxCardFields form={cardForm} />,
    async prepare() {
      // An incomplete card: its fields say what is missing.
      if (!(await cardForm.trigger())) return { error: null };
      const card = SandboxCardSchema.parse(cardForm.getValues());
      return {
        async pay(intent) {
          await confirmSandbox.mutateAsync({
            clientSecret: intent.clientSecret,
            cardNumber: card.cardNumber,
            expiry: card.expiry,
            cvc: card.cvc,
          });
          return { ok: true };
        },
      };
    },
    blocked: false,
    ownButton: false,
  };
}
