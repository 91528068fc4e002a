import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
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
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { Product } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import {
  type ProductFormValues,
  productFormDefaults,
  productFormSchema,
  toProductInput,
} from '../utils/forms';

const blank: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  category: '',
  stock: '',
  imageUrl: '',
};

/** The product edit form; open while `product` is set. Every field required. */
export function ProductEditDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const mutation = useUpdateProduct();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, z.output<typeof productFormSchema>>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productFormDefaults(product) : blank,
  });

  useEffect(() => {
    reset(product ? productFormDefaults(product) : blank);
  }, [product, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!product) return;
    mutation.mutate({ id: product.id, body: toProductInput(values) }, { onSuccess: onClose });
  });

  return (
    <Dialog open={product !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words">Edit Product: {product?.name}</DialogTitle>
          <DialogDescription>Every field is required.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Edit Product">
          <FormField
            id="product-name"
            label="Name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid gap-2">
            <Label htmlFor="product-description">Description</Label>
            <Textarea
              id="product-description"
              required
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'product-description-error' : undefined}
              {...register('description')}
            />
            <p id="product-description-error" className="-mt-1 min-h-5 text-sm leading-5 text-destructive">
              {errors.description?.message}
            </p>
          </div>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <FormField
              id="product-price"
              label="Price"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              required
              error={errors.price?.message}
              {...register('price')}
            />
            <FormField
              id="product-stock"
              label="Stock"
              type="number"
              step="1"
              min="0"
              inputMode="numeric"
              required
              error={errors.stock?.message}
              {...register('stock')}
            />
          </div>
          <FormField
            id="product-category"
            label="Category"
            required
            error={errors.category?.message}
            {...register('category')}
          />
          <FormField
            id="product-image-url"
            label="Image URL"
            type="url"
            required
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving...' : 'Update Product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
