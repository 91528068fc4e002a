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
  /** The server's words, and the address it concerns when there is one. */
  data: { message: string; email?: string } | undefined;
  error: unknown;
}

/**
 * The page behind an e-mail link (confirm, unsubscribe). Opening it does nothing by itself: mail
 * scanners open links too. The person presses the button, which POSTs the link's token. Once done,
 * the card shows only what happened (`doneTitle`, the server's words and the address): the request
 * above it ('One last step') no longer applies.
 */
export function TokenActionCard({
  title,
  icon: Icon,
  description,
  actionLabel,
  pendingLabel,
  mutation,
  failureFallback,
  doneTitle,
  after,
}: {
  title: string;
  icon: LucideIcon;
  description: ReactNode;
  actionLabel: string;
  pendingLabel: string;
  mutation: TokenMutation;
  failureFallback: string;
  doneTitle: string;
  after?: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const done = token !== '' && mutation.isSuccess && mutation.data ? mutation.data : null;

  return (
    <Container className="flex justify-center py-16 md:py-24">
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <Card className="w-full max-w-md">
        {done ? (
          <CardHeader className="items-center text-center" role="status">
            <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-success-surface text-success">
              <CircleCheckIcon aria-hidden="true" className="size-6" />
            </span>
            <h1 className="font-serif text-2xl leading-tight font-semibold">{doneTitle}</h1>
            <CardDescription>{done.message}</CardDescription>
            {done.email ? <p className="text-sm font-medium break-all">{done.email}</p> : null}
          </CardHeader>
        ) : (
          <CardHeader className="items-center text-center">
            <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-accent">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h1 className="font-serif text-2xl leading-tight font-semibold">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
        )}
        <CardContent className="grid gap-4">
          {done ? (
            after
          ) : !token ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>This link is incomplete</AlertTitle>
              <AlertDescription>Please open the link from your e-mail again, in full.</AlertDescription>
            </Alert>
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
