import { CreditCardIcon } from 'lucide-react';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const providers = [
  { name: 'Stripe', text: 'Card payments through Stripe Elements.' },
  { name: 'Square', text: 'Card payments through the Square Web Payments SDK.' },
  { name: 'SafeKey', text: 'Mobile-confirmed card payments.' },
] as const;

export function PaymentTestRoute() {
  return (
    <>
      <title>Payment Integration Testing</title>
      <meta name="robots" content="noindex" />
      <PageHeader
        title="Payment Integration Testing"
        eyebrow="For staff"
        description="Try each payment provider with test cards. No real money moves in test mode."
      />
      <Container className="grid gap-5 py-10 md:grid-cols-3 md:py-14">
        {providers.map((provider) => (
          <Card key={provider.name}>
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <CardTitle as="h2" className="flex items-center gap-2">
                  <CreditCardIcon aria-hidden="true" className="size-5 text-primary" />
                  {provider.name}
                </CardTitle>
                <Badge variant="secondary">Test mode</Badge>
              </div>
              <CardDescription>{provider.text}</CardDescription>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">
              Test cards and a test payment form for {provider.name} appear here once the provider is
              configured.
            </CardContent>
          </Card>
        ))}
      </Container>
    </>
  );
}
