import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ShippingAddress,
  ShippingAddressSchema,
  type ShippingMethod,
  TEST_SHIPPING_ADDRESS,
} from '@jesus-walks/contracts/shipping';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRightIcon, FlaskConicalIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { getShippingRatesQueryOptions, ratesDestination, useShippingRates } from '../api/get-shipping-rates';
import {
  continueToPayment,
  MISSING_INFORMATION_TOAST,
  pickTestShippingMethod,
  toShippingMethod,
} from '../utils/shipping-step';
import { isSameMethod, ShippingMethods } from './shipping-methods';

type AddressInput = z.input<typeof ShippingAddressSchema>;

const blankAddress: AddressInput = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
};

interface ShippingStepProps {
  address: ShippingAddress | null;
  method: ShippingMethod | null;
  /** The method chosen so far (null: none), for the order summary beside the step. */
  onMethodChange?: (method: ShippingMethod | null) => void;
  onContinue: (address: ShippingAddress, method: ShippingMethod) => void;
}

/** Step 1: the address, the methods that serve it, and the way on to payment. */
export function ShippingStep({
  address,
  method: initialMethod,
  onMethodChange,
  onContinue,
}: ShippingStepProps) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<ShippingMethod | null>(initialMethod);
  const [fillingTest, setFillingTest] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddressInput, unknown, ShippingAddress>({
    resolver: zodResolver(ShippingAddressSchema),
    mode: 'onTouched',
    defaultValues: address ? { ...blankAddress, ...address } : blankAddress,
  });

  const [country, state, postalCode] = useWatch({ control, name: ['country', 'state', 'postalCode'] });
  const destination = ratesDestination({ country, state, postalCode });
  const rates = useShippingRates(destination);

  // The summary shows the chosen method's cost at once, not only after 'Continue to Payment'.
  useEffect(() => {
    onMethodChange?.(method);
  }, [method, onMethodChange]);

  // A method that does not serve the new address is no longer chosen.
  useEffect(() => {
    if (!method || rates.isPlaceholderData || !rates.data) return;
    if (!rates.data.some((rate) => isSameMethod(method, rate))) setMethod(null);
  }, [method, rates.data, rates.isPlaceholderData]);

  // Through handleSubmit, so that after a first attempt every field is checked again as it changes.
  const handleContinue = handleSubmit(
    (values) => {
      const result = continueToPayment(values, destination ? method : null);
      if (result.ok) onContinue(result.address, result.method);
      else toast(result.toast);
    },
    () => toast(MISSING_INFORMATION_TOAST),
  );

  async function fillTestAddress() {
    setFillingTest(true);
    reset({ ...blankAddress, ...TEST_SHIPPING_ADDRESS });
    const testDestination = ratesDestination(TEST_SHIPPING_ADDRESS);
    let offered: Awaited<ReturnType<typeof queryClient.fetchQuery>> | undefined;
    try {
      offered = testDestination
        ? await queryClient.fetchQuery(getShippingRatesQueryOptions(testDestination))
        : undefined;
    } catch {
      offered = undefined;
    }
    const testMethod = pickTestShippingMethod(Array.isArray(offered) ? offered : undefined);
    setMethod(testMethod);
    setFillingTest(false);
    onContinue(TEST_SHIPPING_ADDRESS, testMethod);
  }

  const disabled = fillingTest;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Shipping</CardTitle>
        <CardDescription>Where should we send your order?</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Shipping address"
          className="grid gap-6"
          onSubmit={(event) => void handleContinue(event)}
        >
          <Button
            type="button"
            variant="outline"
            className="h-auto min-h-10 whitespace-normal py-2 text-center"
            onClick={fillTestAddress}
            disabled={disabled}
          >
            <FlaskConicalIcon aria-hidden="true" />
            Use Test Address &amp; Go to Payment
          </Button>
          <fieldset className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold">Shipping address</legend>
            <FormField
              id="shipping-first-name"
              label="First name"
              autoComplete="shipping given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <FormField
              id="shipping-last-name"
              label="Last name"
              autoComplete="shipping family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <div className="sm:col-span-2">
              <FormField
                id="shipping-address1"
                label="Address"
                autoComplete="shipping address-line1"
                error={errors.address1?.message}
                {...register('address1')}
              />
            </div>
            <div className="sm:col-span-2">
              <FormField
                id="shipping-address2"
                label="Apartment, suite, etc. (optional)"
                autoComplete="shipping address-line2"
                error={errors.address2?.message}
                {...register('address2')}
              />
            </div>
            <FormField
              id="shipping-city"
              label="City"
              autoComplete="shipping address-level2"
              error={errors.city?.message}
              {...register('city')}
            />
            <FormField
              id="shipping-state"
              label="State"
              autoComplete="shipping address-level1"
              error={errors.state?.message}
              {...register('state')}
            />
            <FormField
              id="shipping-postal-code"
              label="Postal code"
              autoComplete="shipping postal-code"
              inputMode="numeric"
              error={errors.postalCode?.message}
              {...register('postalCode')}
            />
            <FormField
              id="shipping-country"
              label="Country"
              autoComplete="shipping country"
              error={errors.country?.message}
              {...register('country')}
            />
          </fieldset>
          <ShippingMethods
            hasDestination={destination !== null}
            rates={rates.data}
            isLoading={rates.isFetching}
            isError={rates.isError}
            onRetry={() => void rates.refetch()}
            selected={method}
            onSelect={(rate) => setMethod(toShippingMethod(rate))}
          />
          <Button type="submit" size="lg" disabled={disabled}>
            Continue to Payment
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
