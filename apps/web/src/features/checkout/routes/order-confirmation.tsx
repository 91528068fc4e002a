import { CircleCheckBigIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function OrderConfirmationRoute() {
  return (
    <>
      <title>Order Confirmed!</title>
      <meta name="robots" content="noindex" />
      <Container className="flex flex-1 items-center justify-center py-16 md:py-24">
        <Card className="flex w-full max-w-lg flex-col items-center gap-5 px-6 py-12 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-success-surface text-success">
            <CircleCheckBigIcon aria-hidden="true" className="size-8" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">Order Confirmed!</h1>
          <p className="max-w-sm text-muted-foreground">
            Thank you for your purchase. Your payment has been processed successfully.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/shop">Continue Shopping</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          </div>
        </Card>
      </Container>
    </>
  );
}
