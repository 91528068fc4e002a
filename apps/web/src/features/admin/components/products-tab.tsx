import { FlaskConicalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { useCreateTestProduct } from '../api/create-test-product';
import { useDeleteProduct } from '../api/delete-product';
import { type Product, useProducts } from '../api/get-products';
import { ConfirmDialog } from './confirm-dialog';
import { ListStatus } from './list-status';
import { ProductEditDialog } from './product-edit-dialog';
import { SectionHeader } from './section-header';

/** A product made by 'Create Test Product': only admins see it, and only manual orders sell it. */
function TestProductBadge() {
  return (
    <Badge variant="warning" title="Seen only by admins: not in the shop, for manual orders">
      Test product
    </Badge>
  );
}

export function ProductsTab() {
  const products = useProducts({ enabled: true });
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const createTest = useCreateTestProduct();
  const deletion = useDeleteProduct();
  const list = products.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="products-heading">
      <SectionHeader id="products-heading" title="Products Management">
        <Button onClick={() => createTest.mutate()} disabled={createTest.isPending}>
          <FlaskConicalIcon aria-hidden="true" />
          {createTest.isPending ? 'Creating...' : 'Create Test Product'}
        </Button>
      </SectionHeader>
      <p className="text-sm text-muted-foreground">
        Test products are seen only by admins: they are not in the shop, and only a manual order can include
        them.
      </p>
      <ListStatus
        loading={products.isPending}
        error={products.error}
        loadingText="Loading products..."
        errorPrefix="Error loading products"
      />
      {products.data ? (
        <Table label="Products">
          <TableHeader>
            <TableRow>
              <TableHead>ID</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Stock</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((product) => (
              <TableRow key={product.id} data-product={product.id}>
                <TableCell>{product.id}</TableCell>
                <TableCell className="font-medium">
                  <span className="inline-flex flex-wrap items-center gap-1.5">
                    {product.name}
                    {product.isTest ? <TestProductBadge /> : null}
                  </span>
                </TableCell>
                <TableCell>{formatPrice(product.price)}</TableCell>
                <TableCell>{product.stock}</TableCell>
                <TableCell>{product.category}</TableCell>
                <TableCell>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(product)}
                      aria-label={`Edit ${product.name}`}
                    >
                      <PencilIcon aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => setDeleting(product)}
                      aria-label={`Delete ${product.name}`}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {list.length === 0 ? <TableEmptyRow colSpan={6}>No products yet.</TableEmptyRow> : null}
          </TableBody>
        </Table>
      ) : null}
      <ProductEditDialog product={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete Product"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
      />
    </section>
  );
}
