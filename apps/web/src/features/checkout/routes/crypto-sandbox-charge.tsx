import { BitcoinIcon, CheckCircle2Icon, ClockIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { getServerMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useSandboxCryptoCharge, useSettleSandboxCryptoCharge } from '../api/sandbox-crypto-charge';
import { coinLabels } from '../components/crypto-payment';
import { paymentSecretOf } from '../utils/hosted-charge';

/** The payment's secret the checkout put in this page's fragment (read when the payer acts). */
const secretOfPage = () => paymentSecretOf(window.location.hash);

export const NO_SECRET = 'Open this page from your checkout to pay this charge.';

/**
 * /crypto/sandbox/:code: the sandbox's hosted charge page, standing in for Coinbase's or Stripe's
 * in test mode. The payer marks it paid or lets it expire; its outcome reaches payments as a
 * signed event, and the checkout's polling sees it.
 */
export function CryptoSandboxChargeRoute() {
  const { code = '' } = useParams();
  const charge = useSandboxCryptoCharge(code);
  const settle = useSettleSandboxCryptoCharge();
  const [noSecret, setNoSecret] = useState(false);

  function act(action: 'complete' | 'expire') {
    const paymentSecret = secretOfPage();
    setNoSecret(paymentSecret === '');
    if (paymentSecret !== '') settle.mutate({ code, action, paymentSecret });
  }

  let body: React.ReactNode;
  if (charge.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        Loading the charge...
      </p>
    );
  } else if (charge.isError) {
    body = (
      <p role="alert" className="text-destructive">
        {getServerMessage(charge.error) ?? 'This charge could not be found.'}
      </p>
    );
  } else {
    const view = charge.data;
    body = (
      <div className="grid gap-4">
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Amount</dt>
          <dd>
            <span className="font-mono font-semibold">{view.cryptoAmount}</span>{' '}
            {coinLabels[view.cryptocurrency]} ({formatPrice(view.amount)})
          </dd>
          <dt className="text-muted-foreground">Send to</dt>
          <dd className="break-all font-mono">{view.walletAddress}</dd>
          <dt className="text-muted-foreground">Charge</dt>
          <dd className="font-mono">{view.code}</dd>
        </dl>
        {view.status === 'open' ? (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => act('complete')}
              disabled={settle.isPending}
              data-testid="crypto-sandbox-complete"
            >
              <CheckCircle2Icon aria-hidden="true" />
              Complete payment
            </Button>
            <Button variant="outline" onClick={() => act('expire')} disabled={settle.isPending}>
              <ClockIcon aria-hidden="true" />
              Let it expire
            </Button>
          </div>
        ) : (
          <p role="status" className="font-semibold" data-testid="crypto-sandbox-status">
            {view.status === 'completed'
              ? 'Payment complete. You can return to the checkout.'
              : 'This charge has expired.'}
          </p>
        )}
        {noSecret ? (
          <p role="alert" className="text-sm text-destructive">
            {NO_SECRET}
          </p>
        ) : null}
        {settle.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getServerMessage(settle.error) ?? 'Crypto payment failed'}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <title>Crypto payment (test mode)</title>
      <meta name="robots" content="noindex" />
      <PageHeader title="Crypto payment" eyebrow="Test mode: no real coins move" />
      <Container className="py-10 md:py-14">
        <Card className="mx-auto max-w-xl">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <BitcoinIcon aria-hidden="true" className="size-5 text-primary" />
              Sandbox charge
            </CardTitle>
          </CardHeader>
          <CardContent>{body}</CardContent>
        </Card>
      </Container>
    </>
  );
}
