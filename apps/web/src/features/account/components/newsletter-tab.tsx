import { MailIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/server-errors';
import { type MyNewsletter, useMyNewsletter, useSetMyNewsletter } from '../api/newsletter';

const statusText: Record<
  MyNewsletter['status'],
  { label: string; variant: 'success' | 'warning' | 'outline' }
> = {
  subscribed: { label: 'Subscribed', variant: 'success' },
  pending: { label: 'Waiting for your confirmation', variant: 'warning' },
  not_subscribed: { label: 'Not subscribed', variant: 'outline' },
};

/** Newsletter: Jesus News for the account's e-mail, on or off in one click. */
export function NewsletterTab() {
  const newsletter = useMyNewsletter();
  const setNewsletter = useSetMyNewsletter();

  const change = (subscribed: boolean) =>
    setNewsletter.mutate(subscribed, {
      onSuccess: (answer) =>
        toast({ title: subscribed ? 'Newsletter' : 'Unsubscribed', description: answer.message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Your newsletter choice could not be saved',
          description: failureMessage(error, 'Please try again.'),
        }),
    });

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MailIcon aria-hidden="true" className="size-5 text-accent" />
          Jesus News
        </CardTitle>
        <CardDescription>
          New walks, stories from the trail and fresh merch, about once a month. Unsubscribe any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {newsletter.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : newsletter.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-destructive">Your newsletter choice could not be loaded.</p>
            <Button onClick={() => void newsletter.refetch()}>Try Again</Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="break-all">{newsletter.data.email}</span>
              <Badge variant={statusText[newsletter.data.status].variant}>
                {statusText[newsletter.data.status].label}
              </Badge>
            </div>
            {newsletter.data.status === 'pending' ? (
              <p className="text-muted-foreground">
                Open the link we e-mailed you to start receiving it. Confirming your e-mail in{' '}
                <Link
                  to="/account?tab=profile"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Profile
                </Link>{' '}
                lets you subscribe in one click next time.
              </p>
            ) : null}
            <div>
              {newsletter.data.status === 'subscribed' ? (
                <Button variant="outline" disabled={setNewsletter.isPending} onClick={() => change(false)}>
                  {setNewsletter.isPending ? 'Saving...' : 'Unsubscribe'}
                </Button>
              ) : (
                <Button disabled={setNewsletter.isPending} onClick={() => change(true)}>
                  {setNewsletter.isPending
                    ? 'Saving...'
                    : newsletter.data.status === 'pending'
                      ? 'Send the link again'
                      : 'Subscribe'}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
