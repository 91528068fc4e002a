import { CheckCircle2Icon, LoaderCircleIcon, SmartphoneIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form';
import {
  formatMobileNumber,
  formatSafekeyCardNumber,
  SAFEKEY_TEST_NUMBERS,
  type SafekeyState,
} from '../utils/safekey';

interface SafekeyFieldsProps {
  mobileNumber: string;
  cardNumber: string;
  onChange: (values: { mobileNumber: string; cardNumber: string }) => void;
  state: SafekeyState;
  testMode: boolean;
  disabled?: boolean;
}

/**
 * SafeKey's two numbers, formatted while typed (+1 (xxx) xxx-xxxx; digits grouped by 4, up to 19),
 * and its state: pending while the buyer confirms on their phone, then approved.
 */
export function SafekeyFields({
  mobileNumber,
  cardNumber,
  onChange,
  state,
  testMode,
  disabled,
}: SafekeyFieldsProps) {
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4"
      data-testid="safekey-fields"
    >
      <legend className="sr-only">SafeKey</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">SafeKey mobile confirmation</span>
        {testMode ? <Badge variant="warning">Test mode</Badge> : null}
      </div>
      {testMode ? (
        <p className="text-xs leading-relaxed text-muted-foreground">
          No real money moves. Test numbers: card{' '}
          <span className="font-mono whitespace-nowrap text-foreground">
            {SAFEKEY_TEST_NUMBERS.succeeds.cardNumber}
          </span>{' '}
          with mobile{' '}
          <span className="font-mono whitespace-nowrap text-foreground">
            {SAFEKEY_TEST_NUMBERS.succeeds.mobileNumber}
          </span>{' '}
          succeeds; card{' '}
          <span className="font-mono whitespace-nowrap text-foreground">
            {SAFEKEY_TEST_NUMBERS.declined.cardNumber}
          </span>{' '}
          is declined.
        </p>
      ) : null}
      <FormField
        id="safekey-mobile"
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+1 (555) 123-4567"
        value={mobileNumber}
        disabled={disabled}
        onChange={(event) => onChange({ mobileNumber: formatMobileNumber(event.target.value), cardNumber })}
      />
      <FormField
        id="safekey-card"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={cardNumber}
        disabled={disabled}
        onChange={(event) =>
          onChange({ mobileNumber, cardNumber: formatSafekeyCardNumber(event.target.value) })
        }
      />
      <div aria-live="polite" className="text-sm">
        {state === 'pending' ? (
          <p className="flex items-center gap-2 text-muted-foreground" data-testid="safekey-pending">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            <SmartphoneIcon aria-hidden="true" className="size-4" />
            Confirm the payment on your mobile...
          </p>
        ) : state === 'success' ? (
          <p className="flex items-center gap-2 font-medium text-primary">
            <CheckCircle2Icon aria-hidden="true" className="size-4" />
            SafeKey payment approved
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
