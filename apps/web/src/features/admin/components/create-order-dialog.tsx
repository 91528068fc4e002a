import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { formatPrice } from '@/lib/format';
import { useCreateManualOrder } from '../api/create-manual-order';
import type { Product } from '../api/get-products';
import { emptyManualOrder, lineTotal, type ManualOrderValues, manualOrderSchema } from '../utils/forms';
import { CustomerPicker } from './customer-picker';
import { SelectField } from './select-field';

interface CreateOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  products: Product[];
}

/**
 * 'Create Order for Customer': a pending order for an existing customer (found by a search on the
 * server, not a list of every user), priced again by the server.
 */
export function CreateOrderDialog({ open, onOpenChange, products }: CreateOrderDialogProps) {
  const mutation = useCreateManualOrder();
  const schema = useMemo(() => manualOrderSchema(products), [products]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ManualOrderValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: emptyManualOrder,
  });

  const close = (next: boolean) => {
    if (!next) reset(emptyManualOrder);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((payload) => {
    mutation.mutate(payload, { onSuccess: () => close(false) });
  });

  const productId = watch('productId');
  const quantityText = watch('quantity');
  const selected = products.find((product) => String(product.id) === productId);
  const quantity = Number(quantityText);
  const validQuantity = Number.isInteger(quantity) && quantity >= 1;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create Order for Customer</DialogTitle>
          <DialogDescription>
            The order is created pending; the server prices it from the catalog.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid min-w-0 gap-3"
          aria-label="Create Order for Customer"
        >
          {/* Remounted with each opening: a new order starts with an empty search. */}
          {open ? (
            <CustomerPicker field={register('userId')} error={errors.userId?.message} enabled={open} />
          ) : null}
          <SelectField
            id="manual-order-product"
            label="Product"
            error={errors.productId?.message}
            hint={products.length === 0 ? 'No products found. Create a test product first.' : undefined}
            {...register('productId')}
          >
            <option value="">Choose a product... ({products.length} available)</option>
            {products.map((product) => (
              <option key={product.id} value={String(product.id)}>
                {product.name} - {formatPrice(product.price)} (Stock: {product.stock})
              </option>
            ))}
          </SelectField>
          <FormField
            id="manual-order-quantity"
            label="Quantity"
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            required
            error={errors.quantity?.message}
            {...register('quantity')}
          />
          <fieldset className="grid min-w-0 gap-x-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">Shipping Address</legend>
            <FormField
              id="manual-order-full-name"
              label="Full Name"
              autoComplete="off"
              required
              error={errors.fullName?.message}
              {...register('fullName')}
            />
            <FormField
              id="manual-order-street"
              label="Street Address"
              autoComplete="off"
              required
              error={errors.street?.message}
              {...register('street')}
            />
            <FormField
              id="manual-order-city"
              label="City"
              autoComplete="off"
              required
              error={errors.city?.message}
              {...register('city')}
            />
            <FormField
              id="manual-order-state"
              label="State"
              autoComplete="off"
              required
              error={errors.state?.message}
              {...register('state')}
            />
            <FormField
              id="manual-order-zip"
              label="Zip Code"
              autoComplete="off"
              required
              error={errors.zipCode?.message}
              {...register('zipCode')}
            />
          </fieldset>
          {selected ? (
            <section aria-label="Order Summary" className="grid gap-1 rounded-md bg-secondary/60 p-3 text-sm">
              <h3 className="font-semibold">Order Summary</h3>
              <p className="break-words">Product: {selected.name}</p>
              <p>Quantity: {validQuantity ? quantity : '-'}</p>
              <p className="font-semibold">
                Total: {validQuantity ? formatPrice(lineTotal(selected.price, quantity)) : '-'}
              </p>
            </section>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Creating...' : 'Create Order'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
