import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useProducts } from '../api/get-products';
import { CreateOrderDialog } from './create-order-dialog';
import { SectionHeader } from './section-header';

export function CreateOrderTab() {
  const products = useProducts({ enabled: true }).data ?? [];
  const [open, setOpen] = useState(false);
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="create-order-heading">
      <SectionHeader id="create-order-heading" title="Create Manual Order">
        <Button onClick={() => setOpen(true)}>
          <PlusIcon aria-hidden="true" />
          Create New Order
        </Button>
      </SectionHeader>
      <Card>
        <CardContent className="pt-6 text-sm text-muted-foreground">
          Place an order for an existing customer, for example one taken by phone or at an event. It is
          created as pending, priced from the catalog, and its stock is taken at once.
        </CardContent>
      </Card>
      <CreateOrderDialog open={open} onOpenChange={setOpen} products={products} />
    </section>
  );
}
