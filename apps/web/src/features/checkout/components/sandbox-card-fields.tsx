import type { UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form';
import { formatCardNumber, formatExpiry, type SandboxCard, TEST_CARDS } from '../utils/sandbox-card';

/**
 * The built-in sandbox's card form, in place of Stripe's Payment Element when no Stripe keys are
 * configured. Marked 'Test mode', with the test cards that it knows.
 */
export function SandboxCardFields({ form }: { form: UseFormReturn<SandboxCard> }) {
  const {
    register,
    formState: { errors },
  } = form;
  const cardNumber = register('cardNumber', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      event.target.value = formatCardNumber(event.target.value);
    },
  });
  const expiry = register('expiry', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      event.target.value = formatExpiry(event.target.value);
    },
  });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <legend className="sr-only">Card details</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">Card details</span>
        <Badge variant="warning">Test mode</Badge>
      </div>
      <p id="sandbox-test-cards" className="text-xs leading-relaxed text-muted-foreground">
        No real money moves. Test cards:{' '}
        {TEST_CARDS.map((card, index) => (
          <span key={card.number}>
            <span className="font-mono whitespace-nowrap text-foreground">{card.number}</span> {card.outcome}
            {index < TEST_CARDS.length - 1 ? '; ' : '.'}
          </span>
        ))}{' '}
        Any future expiry and any 3-digit security code.
      </p>
      <FormField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.cardNumber?.message}
        {...cardNumber}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id="card-expiry"
          label="Expiration date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
        />
        <FormField
          id="card-cvc"
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
    </fieldset>
  );
}
