import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type SandboxConfirmBody, useConfirmSandboxPayment } from '../../api/confirm-sandbox-payment';
import { emptySandboxCard, type SandboxCard, SandboxCardSchema } from '../../utils/sandbox-card';
import { SandboxCardFields } from '../sandbox-card-fields';
import type { PaymentPath, PreparedPayment } from './payment-path';

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
      return sandboxCardPayment(SandboxCardSchema.parse(cardForm.getValues()), confirmSandbox.mutateAsync);
    },
    blocked: false,
    ownButton: false,
  };
}

/**
 * Pays a valid card on the sandbox: one confirmation with the intent's client secret and the
 * buyer's contact, which payments records before the card is charged. A decline (402) or a
 * refused contact (400) is thrown for the step to show.
 */
export function sandboxCardPayment(
  card: SandboxCard,
  confirm: (body: SandboxConfirmBody) => Promise<unknown>,
): PreparedPayment {
  return {
    async pay(intent, contact) {
      await confirm({
        clientSecret: intent.clientSecret,
        contact,
        cardNumber: card.cardNumber,
        expiry: card.expiry,
        cvc: card.cvc,
      });
      return { ok: true };
    },
  };
}
