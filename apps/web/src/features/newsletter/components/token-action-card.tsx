import type { LucideIcon } from 'lucide-react';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { getServerMessage } from '@/lib/api-client';

interface TokenMutation {
  mutate(token: string): void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data: { message: string; email: string } | undefined;
  error: unknown;
}

/**
 * The page behind an e-mail link (confirm, unsubscribe). Opening it does nothing by itself: mail
 * scanners open links too. The person presses the button, which POSTs the link's token.
 */
export function TokenActionCard({
  title,
  icon: Icon,
  description,
  actionLabel,
  pendingLabel,
  mutation,
  failureFallback,
  after,
}: {
  title: string;
  icon: LucideIcon;
  description: ReactNode;
  actionLabel: string;
  pendingLabel: string;
  mutation: TokenMutation;
  failureFallback: string;
  after?: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  return (
    <Container className="flex justify-center py-16 md:py-24">
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-accent">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-serif text-2xl leading-tight font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>This link is incomplete</AlertTitle>
              <AlertDescription>Please open the link from your e-mail again, in full.</AlertDescription>
            </Alert>
          ) : mutation.isSuccess && mutation.data ? (
            <>
              <Alert variant="success">
                <CircleCheckIcon aria-hidden="true" />
                <AlertTitle>{mutation.data.message}</AlertTitle>
                <AlertDescription>{mutation.data.email}</AlertDescription>
              </Alert>
              {after}
            </>
          ) : (
            <>
              {mutation.isError ? (
                <Alert variant="destructive">
                  <CircleAlertIcon aria-hidden="true" />
                  <AlertTitle>That didn't work</AlertTitle>
                  <AlertDescription>{getServerMessage(mutation.error) ?? failureFallback}</AlertDescription>
                </Alert>
              ) : null}
              <Button size="lg" disabled={mutation.isPending} onClick={() => mutation.mutate(token)}>
                {mutation.isPending ? pendingLabel : actionLabel}
              </Button>
            </>
          )}
          <Button asChild variant="link">
            <Link to="/">Back to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
